import { expect, test } from "vitest";
import { locales } from "../../contract/locales";
import { visibleLanguages } from "./visible-languages";

const site = { countries: ["GB", "BE", "CH", "NL", "US"], languages: [...locales] };

test("a visitor from a served country is offered that country's languages, in the country's order", () => {
  expect(visibleLanguages({ ...site, geoip_country: "BE" }, "nl")).toEqual(["nl", "fr", "de"]);
  expect(visibleLanguages({ ...site, geoip_country: "CH" }, "de")).toEqual(["de", "it", "fr", "en"]);
  expect(visibleLanguages({ ...site, geoip_country: "NL" }, "nl")).toEqual(["nl"]);
});

test("the current language stays choosable", () => {
  expect(visibleLanguages({ ...site, geoip_country: "NL" }, "en")).toEqual(["en", "nl"]);
});

test("an unknown or unserved country sees all of the site's languages", () => {
  expect(visibleLanguages({ ...site, geoip_country: null }, "en")).toEqual([...locales]);
  expect(visibleLanguages({ ...site, geoip_country: "JP" }, "en")).toEqual([...locales]);
  expect(visibleLanguages({ ...site, geoip_country: "FR" }, "en")).toEqual([...locales]);
});
