import { expect, test } from "vitest";
import { dateLocale, formatDate, formatListTime } from "./dates";

const when = "2026-11-26T16:36:00Z";

test("the locale is the language as the member's country writes it, or the language alone", () => {
  expect(dateLocale("en", "GB")).toBe("en-GB");
  expect(dateLocale("en", "ie")).toBe("en-IE");
  expect(dateLocale("de", "AT")).toBe("de-AT");
  expect(dateLocale("no", "NO")).toBe("nb-NO");
  expect(dateLocale("en", null)).toBe("en");
  expect(dateLocale("fr", "not a country")).toBe("fr");
});

test("an English reader in Britain reads day-month and a 24-hour clock, in the United States the US form", () => {
  expect(formatDate(dateLocale("en", "GB"), "moment", when, "UTC")).toBe("26 Nov 2026, 16:36");
  expect(formatDate(dateLocale("en", "US"), "moment", when, "UTC")).toMatch(/^Nov 26, 2026, 4:36\s+PM$/);
  expect(formatDate(dateLocale("en", "GB"), "day", when, "UTC")).toBe("26 Nov 2026");
  expect(formatDate(dateLocale("de", "DE"), "longDay", when, "UTC")).toBe("26. November 2026");
});

test("the conversation list says the time of today and the day of anything earlier", () => {
  const now = new Date("2026-11-26T18:00:00");
  expect(formatListTime("en-GB", new Date("2026-11-26T09:05:00").toISOString(), now)).toBe("09:05");
  expect(formatListTime("en-GB", new Date("2026-11-20T09:05:00").toISOString(), now)).toBe("20 Nov 2026");
});
