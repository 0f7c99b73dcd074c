import type { LanderData } from "~/routes/landers/shared";
import { circleRadius, mapWidth, projection } from "~/services/lander-map";
import { HonestNote, MemberStrip, NicheLine, SignupCallToAction } from "./parts";

/**
 * The map lander: the country drawn from its known places, a circle per region sized by its members (counted from
 * real, visible members), and the same numbers as a table for screen readers and small screens. No tiles, no
 * map service: an SVG made from the data (docs/product.md §2.25).
 */
export function MapDesign({ data }: { data: LanderData }) {
  const map = data.map;
  if (!map) return null;
  const { height, project } = projection(map.places);
  const most = Math.max(0, ...map.regions.map((r) => r.members));
  const placed = map.regions.flatMap((r) =>
    r.lat === null || r.lon === null ? [] : [{ ...r, at: project({ lat: r.lat, lon: r.lon }) }],
  );
  const ranked = [...map.regions].sort((a, b) => b.members - a.members || a.name.localeCompare(b.name));
  return (
    <div className="container-lg py-5">
      <NicheLine data={data} />
      <h1 className="fw-bold">{data.copy.heading}</h1>
      <p className="lead">{data.copy.lead}</p>
      <div className="row g-4 align-items-start">
        <div className="col-12 col-lg-7">
          <svg
            viewBox={`0 0 ${mapWidth} ${height}`}
            className="lander-map"
            role="img"
            aria-labelledby="lander-map-title"
          >
            <title id="lander-map-title">{data.copy.mapLabel}</title>
            {map.places.map((place) => {
              const at = project(place);
              return (
                <circle key={`${place.lat},${place.lon}`} cx={at.x} cy={at.y} r={2.5} className="lander-map-place" />
              );
            })}
            {placed.map((region) => (
              <g key={region.code}>
                <circle
                  cx={region.at.x}
                  cy={region.at.y}
                  r={circleRadius(region.members, most)}
                  className={region.members > 0 ? "lander-map-region" : "lander-map-empty"}
                />
                {region.members > 0 && (
                  <text x={region.at.x} y={region.at.y} className="lander-map-count" textAnchor="middle" dy="0.35em">
                    {region.members}
                  </text>
                )}
              </g>
            ))}
          </svg>
        </div>
        <div className="col-12 col-lg-5">
          {/* A heading names the table: the site's stylesheet keeps no rule for table titles. */}
          <h2 id="lander-map-table" className="h6 text-body-secondary">
            {data.copy.tableCaption}
          </h2>
          <table className="table table-sm" aria-labelledby="lander-map-table">
            <thead>
              <tr>
                <th scope="col">{data.copy.region}</th>
                <th scope="col" className="text-end">
                  {data.copy.members}
                </th>
              </tr>
            </thead>
            <tbody>
              {ranked.map((region) => (
                <tr key={region.code}>
                  <th scope="row" className="fw-normal">
                    {region.name}
                  </th>
                  <td className="text-end">{region.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <SignupCallToAction data={data} />
        </div>
      </div>
      <div className="mt-5">
        <MemberStrip data={data} count={4} />
        <HonestNote data={data} />
      </div>
    </div>
  );
}
