/** Where a point lies on the map lander's picture (docs/product.md §2.25), in the SVG's own units. */
export interface MapPoint {
  x: number;
  y: number;
}

interface Place {
  lat: number;
  lon: number;
}

export const mapWidth = 400;
const padding = 24;

/**
 * A projection of a country's places onto a picture `mapWidth` wide: equirectangular, with longitudes narrowed by the
 * cosine of the middle latitude so that a northern country keeps its shape. The height follows the country's shape,
 * between half and one and a half times the width.
 */
export function projection(places: readonly Place[]) {
  if (places.length === 0) return { height: mapWidth / 2, project: () => ({ x: mapWidth / 2, y: mapWidth / 4 }) };
  const lats = places.map((p) => p.lat);
  const lons = places.map((p) => p.lon);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const narrow = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * narrow, 0.5);
  const spanY = Math.max(maxLat - minLat, 0.5);
  const inner = mapWidth - 2 * padding;
  const scale = Math.min(inner / spanX, (1.5 * mapWidth - 2 * padding) / spanY);
  const height = Math.max(mapWidth / 2, Math.round(spanY * scale + 2 * padding));
  const offsetX = padding + (inner - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return {
    height,
    project: ({ lat, lon }: Place): MapPoint => ({
      x: Math.round((offsetX + (lon - minLon) * narrow * scale) * 10) / 10,
      y: Math.round((offsetY + (maxLat - lat) * scale) * 10) / 10,
    }),
  };
}

/** A region's circle: its area grows with its members, so that a region with four times as many looks twice as wide. */
export function circleRadius(members: number, most: number): number {
  if (members === 0 || most === 0) return 4;
  return Math.round((8 + 22 * Math.sqrt(members / most)) * 10) / 10;
}
