import { expect, test } from "vitest";
import { ageOn } from "./age";

test("age counts whole years, turning on the birthday", () => {
  expect(ageOn("1990-06-15", new Date("2026-06-14T12:00:00Z"))).toBe(35);
  expect(ageOn("1990-06-15", new Date("2026-06-15T00:00:00Z"))).toBe(36);
  expect(ageOn("2000-02-29", new Date("2026-02-28T00:00:00Z"))).toBe(25);
});
