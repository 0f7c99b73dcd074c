import { expect, test } from "vitest";
import { countryOptions, sortByName } from "./countries";

const names = (locale: string, codes: string[]) => countryOptions(locale, codes).map((c) => c.name);

test("countries are named and sorted in the member's language, by its collation", () => {
  // Code points would put Ö after Z and Ł after M.
  expect(names("de", ["PL", "AT", "DE"])).toEqual(["Deutschland", "Österreich", "Polen"]);
  expect(names("pl", ["MT", "LV", "LU"])).toEqual(["Luksemburg", "Łotwa", "Malta"]);
  // Norwegian (no) is named through Bokmål.
  expect(names("no", ["SE", "DK"])).toEqual(["Danmark", "Sverige"]);
});

test("regions sort the same way", () => {
  expect(
    sortByName("sv", [{ name: "Örebro" }, { name: "Västra Götaland" }, { name: "Ångermanland" }]).map((r) => r.name),
  ).toEqual(["Västra Götaland", "Ångermanland", "Örebro"]);
});

test("a language's list is made once per country list, and a changed list is a list of its own", () => {
  const first = countryOptions("de", ["PL", "AT", "DE"]);
  expect(countryOptions("de", ["PL", "AT", "DE"])).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);
  expect(countryOptions("de", ["PL", "AT"]).map((c) => c.code)).toEqual(["AT", "PL"]);
  expect(countryOptions("en", ["PL", "AT", "DE"]).map((c) => c.name)).toEqual(["Austria", "Germany", "Poland"]);
});
