import { useId } from "react";

export interface ChartPoint {
  day: string;
  value: number;
}

/**
 * One series per day as a bar chart drawn on the server (docs/product.md §6.9): plain SVG, no script. The chart is
 * one image with a label that says what it shows and its total; the numbers themselves are in the table beside it,
 * which screen readers read instead of the bars.
 */
export function BarChart({
  title,
  label,
  points,
  format,
  dayLabel,
  valueLabel,
  formatDay,
}: {
  title: string;
  /** The image's accessible name: what it shows, over which days, in all. */
  label: string;
  points: readonly ChartPoint[];
  format: (value: number) => string;
  dayLabel: string;
  valueLabel: string;
  formatDay: (day: string) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  // One unit of width per day, bars 80 % of it; the height in percent of the highest day.
  const width = points.length;
  return (
    <figure className="admin-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="h6">
        {title}
      </figcaption>
      <div className="admin-chart-body">
        <div className="admin-chart-drawing">
          <div className="small text-body-secondary" aria-hidden="true">
            {format(points.some((p) => p.value > 0) ? max : 0)}
          </div>
          <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-label={label}>
            <line x1="0" y1="99.5" x2={width} y2="99.5" className="admin-chart-axis" />
            {points.map((point, i) => {
              const height = (point.value / max) * 96;
              return point.value > 0 ? (
                <rect
                  key={point.day}
                  x={i + 0.1}
                  width={0.8}
                  y={99 - height}
                  height={height}
                  className="admin-chart-bar"
                >
                  <title>{`${formatDay(point.day)}: ${format(point.value)}`}</title>
                </rect>
              ) : null;
            })}
          </svg>
          <div className="admin-chart-scale small text-body-secondary" aria-hidden="true">
            <span>{formatDay(points[0]?.day ?? "")}</span>
            <span>{formatDay(points.at(-1)?.day ?? "")}</span>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus to scroll */}
        <section className="admin-chart-table" tabIndex={0} aria-labelledby={`${id}-title`}>
          <table className="table table-sm mb-0">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{dayLabel}</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row" className="fw-normal">
                    {formatDay(point.day)}
                  </th>
                  <td>{format(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </figure>
  );
}
