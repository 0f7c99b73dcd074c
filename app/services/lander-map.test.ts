import { expect, test } from "vitest";
import { circleRadius, mapWidth, projection } from "./lander-map";

test("a country's places fit the picture, north at the top and west on the left", () => {
  const places = [
    { lat: 53.2, lon: 6.6 },
    { lat: 50.8, lon: 5.7 },
    { lat: 52.4, lon: 4.9 },
  ];
  const { height, project } = projection(places);
  const points = places.map(project);
  for (const p of points) {
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(mapWidth);
    expect(p.y).toBeGreaterThanOrEqual(0);
    expect(p.y).toBeLessThanOrEqual(height);
  }
  expect(points[0]!.y).toBeLessThan(points[1]!.y);
  expect(points[2]!.x).toBeLessThan(points[0]!.x);
});

test("a country with no known places still gets a picture", () => {
  expect(projection([]).height).toBe(mapWidth / 2);
});

test("circles grow with the square root of the members; an empty region is a dot", () => {
  expect(circleRadius(0, 10)).toBe(4);
  expect(circleRadius(10, 10)).toBe(30);
  expect(circleRadius(1, 4)).toBe(19);
});
