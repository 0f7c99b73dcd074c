import { createInstance, type i18n } from "i18next";
import { beforeAll, expect, test } from "vitest";
import { i18nConfig } from "./config";
import { keyOf } from "./keys";
import { allTranslations } from "./resources.server";
import { embeddedTranslator } from "./translator";

const resources = await allTranslations();
const instances: Record<string, i18n> = {};
beforeAll(async () => {
  for (const locale of Object.keys(resources)) {
    instances[locale] = createInstance({ ...i18nConfig, resources, lng: locale });
    await instances[locale].init();
  }
});

const keys = (node: unknown, prefix = ""): string[] =>
  Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const values = {
  name: "Robin",
  email: "r@example.com",
  minutes: 15,
  minAge: 18,
  days: 14,
  percentage: 50,
  credits: 50,
  code: "X",
  site: "Heartline",
  icon: "🎭",
  step: 2,
  total: 5,
};
// Every plural category of every language: 0 (French "one", Polish "many"), 1, 2–4 and 22 (Polish "few"), 5, 12
// (Polish "many"), 1.5 (Polish "other"), and large numbers (grouping; French, Italian and Spanish "many").
const counts = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 1.5, 1234, 1_000_000];

// The browser's small `t` must answer exactly what i18next answers on the server, for every string of every
// language, with and without values. Three calls per key of 11 languages take seconds on a busy CI machine: the
// timeout grows with the strings, not the default 5 s.
test("the embedded translator agrees with i18next on every key of every language", { timeout: 30_000 }, () => {
  for (const [locale, bundles] of Object.entries(resources)) {
    const embedded = embeddedTranslator(locale, bundles.common);
    for (const key of keys(bundles.common)) {
      expect(embedded.t(keyOf(key), { ...values, count: 3 }), `${locale} ${key}`).toBe(
        instances[locale]!.t(key, { ...values, count: 3 }),
      );
      expect(embedded.t(keyOf(key), values), `${locale} ${key}`).toBe(instances[locale]!.t(key, values));
      expect(embedded.t(keyOf(key)), `${locale} ${key}`).toBe(instances[locale]!.t(key));
    }
    expect(embedded.t(keyOf("no.such.key"))).toBe(instances[locale]!.t("no.such.key"));
  }
});

// Plural keys by their base, as components ask for them: every count picks the form i18next picks.
test("the embedded translator picks i18next's plural form and number format for every count in every language", () => {
  for (const [locale, bundles] of Object.entries(resources)) {
    const embedded = embeddedTranslator(locale, bundles.common);
    const bases = [
      ...new Set(
        keys(bundles.common)
          .filter((k) => /_(one|other)$/.test(k))
          .map((k) => k.replace(/_[a-z]+$/, "")),
      ),
    ];
    expect(bases.length, locale).toBeGreaterThan(10);
    for (const base of bases) {
      for (const count of counts) {
        expect(embedded.t(keyOf(base), { ...values, count }), `${locale} ${base} ${count}`).toBe(
          instances[locale]!.t(base, { ...values, count }),
        );
      }
      // Without a count there is no plural form to pick, and i18next answers the key.
      expect(embedded.t(keyOf(base), values), `${locale} ${base}`).toBe(instances[locale]!.t(base, values));
    }
  }
  // Thousands of comparisons: about 2 s alone, several times that on a machine busy with other suites.
}, 30_000);

test("English counts one and other", () => {
  const { t } = embeddedTranslator("en", resources.en.common);
  expect(t("search.count", { count: 1 })).toBe("1 member found");
  expect(t("search.count", { count: 0 })).toBe("0 members found");
  expect(t("search.count", { count: 1234 })).toBe("1,234 members found");
  expect(t("profile.photoCount", { count: 2 })).toBe("2 photos");
});

test("Polish counts one, few, many and other, with Polish digit grouping", () => {
  const { t } = embeddedTranslator("pl", resources.pl.common);
  expect(t("profile.photoCount", { count: 1 })).toBe("1 zdjęcie");
  expect(t("profile.photoCount", { count: 3 })).toBe("3 zdjęcia");
  expect(t("profile.photoCount", { count: 22 })).toBe("22 zdjęcia");
  expect(t("profile.photoCount", { count: 5 })).toBe("5 zdjęć");
  expect(t("profile.photoCount", { count: 12 })).toBe("12 zdjęć");
  expect(t("profile.photoCount", { count: 0 })).toBe("0 zdjęć");
  expect(t("profile.photoCount", { count: 1.5 })).toBe("1,5 zdjęcia");
  expect(t("search.count", { count: 12345 })).toBe(`Znaleziono ${new Intl.NumberFormat("pl").format(12345)} członków`);
  expect(t("swipe.likesLeft", { count: 2 })).toBe("Na dziś zostały Ci 2 polubienia");
});

test("French counts 0 and 1 as one, and a million as many", () => {
  const { t } = embeddedTranslator("fr", resources.fr.common);
  expect(t("search.count", { count: 0 })).toBe("0 membre trouvé");
  expect(t("search.count", { count: 1 })).toBe("1 membre trouvé");
  expect(t("search.count", { count: 2 })).toBe("2 membres trouvés");
  expect(t("search.count", { count: 1_000_000 })).toBe(
    `${new Intl.NumberFormat("fr").format(1_000_000)} de membres trouvés`,
  );
});

test("the translator formats numbers as its language writes them", () => {
  expect(embeddedTranslator("de", {}).formatNumber(1234567)).toBe("1.234.567");
  expect(embeddedTranslator("en", {}).formatNumber(1234567)).toBe("1,234,567");
});
