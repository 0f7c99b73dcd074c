import { createInstance } from "i18next";
import { expect, test } from "vitest";
import type { CompanyInfo, Settings } from "../../contract/settings";
import { i18nConfig } from "../i18n/config";
import { allTranslations } from "../i18n/resources.server";
import { legalPageText } from "./legal-pages.server";

const i18next = createInstance({ ...i18nConfig, resources: await allTranslations(), lng: "de" });
await i18next.init();

const settings = {
  name: "Heartline",
  domain: "heartline.example",
  support_email: "help@heartline.example",
  support_phone: "+31 20-123 45 67",
  refund_days: 14,
  minimum_age: 18,
} as Settings;
const company = {
  name: "Heartline Media B.V.",
  address: "Keizersgracht 123",
  city: "Amsterdam",
  kvk: "87654321",
  vat_numbers: ["NL864209753B01"],
  added: "2024-03-15 09:00:00",
} as CompanyInfo;

test("a page's text is in the page's language, filled with the site's and the company's facts", () => {
  const text = legalPageText(i18next, "de", "terms", settings, company);
  expect(text.intro).toContain("Heartline (heartline.example)");
  expect(text.intro).toContain("Heartline Media B.V.");
  expect(text.updated).toBe("15. März 2024");
  expect(text.sections.map((s) => s.body).join("\n")).toContain("87654321");
  expect(legalPageText(i18next, "de", "faq", settings, company).updated).toBeNull();
});

test("the text is made once for the same facts, and again as soon as a fact changes", () => {
  const first = legalPageText(i18next, "de", "privacy", settings, company);
  expect(legalPageText(i18next, "de", "privacy", { ...settings }, { ...company })).toBe(first);
  const renamed = legalPageText(i18next, "de", "privacy", { ...settings, name: "Herzlinie" }, company);
  expect(renamed).not.toBe(first);
  expect(renamed.title + renamed.intro + JSON.stringify(renamed.sections)).toContain("Herzlinie");
  const moved = legalPageText(i18next, "de", "privacy", settings, { ...company, added: "2025-06-01 00:00:00" });
  expect(moved.updated).toBe("1. Juni 2025");
});
