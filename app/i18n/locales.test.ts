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
      // Single words can be the same in some languages ("Premium", "Region"); sentences never are.
      const untranslatedSentences = Object.keys(en).filter((k) => other[k] === en[k] && /[a-z]{2,}\s+[a-z]{2,}/i.test(en[k]!.replace(/\{\{\w+\}\}/g, "")));
      expect(untranslatedSentences, untranslatedSentences.join(", ")).toEqual([]);
      for (const key of Object.keys(en)) expect(placeholders(other[key]!), `${locale} ${key}`).toEqual(placeholders(en[key]!));
    });
  }
}
