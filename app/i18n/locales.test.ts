import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { locales } from "../../contract/locales";
import { pluralCategories as categories, pluralSuffix } from "../../contract/plural-categories";

const dir = path.join(import.meta.dirname, "locales");
const namespaces = fs.readdirSync(path.join(dir, "en")).filter((f) => f.endsWith(".json"));

function flatten(value: unknown, prefix = "", out: Record<string, string> = {}) {
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else out[prefix] = String(value);
  return out;
}
const read = (locale: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(dir, locale, ns), "utf8")));

/** The placeholders (`{{count, number}}` and `{{count,number}}` alike), tags and nested keys a string must keep. */
const placeholders = (text: string) => (text.match(/\{\{[^}]+\}\}/g) ?? []).map((p) => p.replace(/\s+/g, "")).sort();
const tags = (text: string) => (text.match(/<\/?[\w-]+\s*\/?>/g) ?? []).map((t) => t.replace(/\s+/g, "")).sort();
const nestings = (text: string) => (text.match(/\$t\([^,)]+/g) ?? []).sort();
const markup = (text: string) => [...placeholders(text), ...tags(text), ...nestings(text)];

/** The keys a language must have: English's, with each plural key in that language's own categories. */
function expectedKeys(en: Record<string, string>, locale: string) {
  const keys = new Set<string>();
  for (const key of Object.keys(en)) {
    const base = key.replace(pluralSuffix, "");
    if (base !== key && `${base}_other` in en)
      for (const category of categories(locale)) keys.add(`${base}_${category}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

/** The English string a key translates: a plural form translates English's `_other`. */
const source = (en: Record<string, string>, key: string) => en[key] ?? en[key.replace(pluralSuffix, "_other")]!;

for (const ns of namespaces) {
  test(`en/${ns}: plural keys have English's forms, and every counted string is a plural key`, () => {
    const en = read("en", ns);
    expect(Object.keys(en).sort()).toEqual(expectedKeys(en, "en"));
    const counted = Object.keys(en).filter((k) => /\{\{\s*count\b/.test(en[k]!) && !pluralSuffix.test(k));
    expect(counted, counted.join(", ")).toEqual([]);
  });
}

for (const locale of locales.filter((l) => l !== "en")) {
  for (const ns of namespaces) {
    test(`${locale}/${ns} has every English key in ${locale}'s plural forms, translated, with the same placeholders and tags`, () => {
      const en = read("en", ns);
      const other = read(locale, ns);
      // Missing and extra keys alike: a Polish plural needs _one, _few, _many and _other, and nothing else.
      expect(Object.keys(other).sort()).toEqual(expectedKeys(en, locale));
      // Single words can be the same in some languages ("Premium", "Region"); sentences never are.
      const untranslatedSentences = Object.keys(other).filter((k) => {
        const english = source(en, k);
        return other[k] === english && /[a-z]{2,}\s+[a-z]{2,}/i.test(english.replace(/\{\{[^}]+\}\}|<[^>]+>/g, ""));
      });
      expect(untranslatedSentences, untranslatedSentences.join(", ")).toEqual([]);
      for (const key of Object.keys(other))
        expect(markup(other[key]!), `${locale} ${key}`).toEqual(markup(source(en, key)));
    });
  }
}

test("the plural categories are CLDR's: Polish has one, few, many and other", () => {
  expect(categories("pl")).toEqual(["one", "few", "many", "other"]);
  expect(categories("en")).toEqual(["one", "other"]);
});
