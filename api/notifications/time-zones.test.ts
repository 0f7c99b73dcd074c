import { expect, test } from "vitest";
import { quietUntil, timeZoneOf } from "./time-zones";

test("quiet hours run from 23:00 to 8:00 in the member's zone, and end at the next 8:00 there", () => {
  // 21:30 UTC is 22:30 in Amsterdam in winter: not quiet; 22:30 UTC is 23:30 there: quiet until 7:00 UTC.
  expect(quietUntil("Europe/Amsterdam", new Date("2026-01-10T21:30:00Z"))).toBeNull();
  expect(quietUntil("Europe/Amsterdam", new Date("2026-01-10T22:30:00Z"))?.toISOString()).toBe(
    "2026-01-11T07:00:00.000Z",
  );
  expect(quietUntil("Europe/Amsterdam", new Date("2026-01-11T06:59:00Z"))?.toISOString()).toBe(
    "2026-01-11T07:00:00.000Z",
  );
  expect(quietUntil("Europe/Amsterdam", new Date("2026-01-11T07:00:00Z"))).toBeNull();
  // In summer Amsterdam is UTC+2; New York is UTC-4.
  expect(quietUntil("Europe/Amsterdam", new Date("2026-07-01T02:00:00Z"))?.toISOString()).toBe(
    "2026-07-01T06:00:00.000Z",
  );
  expect(quietUntil("America/New_York", new Date("2026-07-01T04:00:00Z"))?.toISOString()).toBe(
    "2026-07-01T12:00:00.000Z",
  );
});

test("a member's zone is the one they chose, else their country's, else UTC", () => {
  expect(timeZoneOf({ time_zone: "Asia/Tokyo" }, "NL")).toBe("Asia/Tokyo");
  expect(timeZoneOf({ time_zone: null }, "NL")).toBe("Europe/Amsterdam");
  expect(timeZoneOf({ time_zone: null }, "XX")).toBe("UTC");
});
