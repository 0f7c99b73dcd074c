import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { locales } from "../../contract/locales";

const dir = path.join(import.meta.dirname, "locales");
const namespaces = fs.readdirSync(path.join(dir, "en")).filter((f) => f.endsWith(".json"));

function flatten(value: unknown, prefix = "", out: Record<string, string> = {}) {
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else out[prefix] = String(value);
  return out;
}
const read = (locale: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(dir, locale, ns), "utf8")));
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

for (const locale of locales.filter((l) => l !== "en")) {
  for (const ns of namespaces) {
    test(`${locale}/${ns} has every English key, translated, with the same placeholders`, () => {
      const en = read("en", ns);
      const other = read(locale, ns);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      const untranslated = Object.keys(en).filter((k) => /[a-z]{4,}/i.test(en[k]!.replace(/\{\{\w+\}\}/g, "")) && other[k] === en[k]);
      // A few words are the same in some languages ("Premium", "Likes"); whole sentences never are.
      expect(untranslated.length, untranslated.join(", ")).toBeLessThanOrEqual(3);
      for (const key of Object.keys(en)) expect(placeholders(other[key]!), `${locale} ${key}`).toEqual(placeholders(en[key]!));
    });
  }
}
