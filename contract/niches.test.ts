import { expect, test } from "vitest";
import { nicheSlugOf, parseNicheSlug, slugLocaleOf } from "./niches";

test("a slug is a niche followed by a locale", () => {
  expect(parseNicheSlug("milf-de")).toEqual({ niche: "milf", locale: "de" });
  expect(parseNicheSlug("none-en")).toEqual({ niche: "none", locale: "en" });
  expect(parseNicheSlug("gay-no")).toEqual({ niche: "gay", locale: "no" });
});

test("anything else is no slug: the page falls back to the site's niche and the visitor's language", () => {
  for (const slug of [undefined, "", "milf", "milf-xx", "teen-de", "milf-de-x", "MILF-DE", "-de", "constructor-en"])
    expect(parseNicheSlug(slug), String(slug)).toBeNull();
});

test("the site's niche number names its slug", () => {
  expect(nicheSlugOf(1)).toBe("none");
  expect(nicheSlugOf(6)).toBe("milf");
  expect(nicheSlugOf(7)).toBe("gay");
  expect(nicheSlugOf(9)).toBe("none");
});

test("only the landings' second and third designs and the niche landers take their language from the path", () => {
  expect(slugLocaleOf("/members/12/landing2/bbw-fr")).toBe("fr");
  expect(slugLocaleOf("/members/12/landing3/she-sv/")).toBe("sv");
  expect(slugLocaleOf("/members/12/landing2/unknown")).toBeNull();
  expect(slugLocaleOf("/members/12/landing")).toBeNull();
  expect(slugLocaleOf("/pages/milf-de")).toBeNull();
  expect(slugLocaleOf("/landers/gallery/milf-de")).toBe("de");
  expect(slugLocaleOf("/landers/maplanding/gay-nl/")).toBe("nl");
  expect(slugLocaleOf("/landers/gallery")).toBeNull();
  expect(slugLocaleOf("/landers/gallery/teen-de")).toBeNull();
});
