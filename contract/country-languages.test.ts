import { expect, test } from "vitest";
import { languagesForCountries } from "./country-languages";

test("countries map to their languages of docs/product.md §9, in locale order, without repeats", () => {
  expect(languagesForCountries(["US"])).toEqual(["en", "es"]);
  expect(languagesForCountries(["be", "CA"])).toEqual(["en", "nl", "de", "fr"]);
  expect(languagesForCountries(["DK", "SE"])).toEqual(["en", "da", "sv"]);
  expect(languagesForCountries(["XX"])).toEqual([]);
});
