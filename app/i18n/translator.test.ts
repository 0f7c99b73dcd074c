import { createInstance } from "i18next";
import { expect, test } from "vitest";
import { i18nConfig } from "./config";
import { resources } from "./resources.server";
import { embeddedTranslator } from "./translator";

// The browser's small `t` must answer exactly what i18next answers on the server, for every string of every
// language, with and without values.
test("the embedded translator agrees with i18next on every key of every language", async () => {
  for (const [locale, bundles] of Object.entries(resources)) {
    const i18n = createInstance({ ...i18nConfig, resources, lng: locale });
    await i18n.init();
    const embedded = embeddedTranslator(locale, bundles.common);
    const keys = (node: unknown, prefix = ""): string[] =>
      Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => (typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    for (const key of keys(bundles.common)) {
      const values = { name: "Robin", email: "r@example.com", count: 3, minutes: 15, minAge: 18, days: 14, percentage: 50, credits: 50, code: "X" };
      expect(embedded.t(key, values), `${locale} ${key}`).toBe(i18n.t(key, values));
      expect(embedded.t(key), `${locale} ${key}`).toBe(i18n.t(key));
    }
    expect(embedded.t("no.such.key")).toBe(i18n.t("no.such.key"));
  }
});
