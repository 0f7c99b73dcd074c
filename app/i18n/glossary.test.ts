import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { locales } from "../../contract/locales";

/** docs/glossary.md: each language's term for each key concept, and the variants no string may use. */
const glossary = fs.readFileSync(path.join(import.meta.dirname, "../../docs/glossary.md"), "utf8");
const localeDir = path.join(import.meta.dirname, "locales");
const mailDir = path.join(import.meta.dirname, "../../api/mail/locales");

type Row = { concept: string; terms: string[]; not: string[]; except: string[]; keys: string[] };

/** The backticked items of a table cell. */
const items = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The table rows of the section that starts with `heading` (up to the next `## `). */
function tableRows(heading: RegExp) {
  const start = glossary.search(heading);
  if (start < 0) return [];
  const rest = glossary.slice(start + 3);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*(Concept|---)/.test(line))
    .map((line) => line.split("|").slice(1, -1));
}

const defaultKeys = new Map(tableRows(/^## Concepts/m).map(([concept, keys]) => [concept!.trim(), items(keys!)]));

function rowsOf(locale: string): Row[] {
  return tableRows(new RegExp(`^## ${locale} – `, "m")).map(([concept, terms, not, except, keys]) => {
    const name = concept!.trim();
    const own = items(keys ?? "");
    return {
      concept: name,
      terms: items(terms!),
      not: items(not!),
      except: items(except ?? ""),
      keys: own.length ? own : (defaultKeys.get(name) ?? []),
    };
  });
}

/** A word (`like`), a prefix (`fikti*`) or, without a letter at either end, any occurrence (`'`). */
function matcher(item: string, flags: string) {
  const prefix = item.endsWith("*");
  const word = prefix ? item.slice(0, -1) : item;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (!/^\p{L}/u.test(word) || !/\p{L}$/u.test(word)) return new RegExp(escaped, flags);
  return new RegExp(`(?<!\\p{L})${escaped}${prefix ? "" : "(?!\\p{L})"}`, flags);
}

/** A string's text without its markup: tags, placeholders and nested keys are no words. */
const textOf = (value: string) => value.replace(/<\/?[\w-]+\s*\/?>|\{\{[^}]*\}\}|\$t\([^)]*\)/g, " ");

function flatten(value: unknown, prefix: string, out: Record<string, string>) {
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`, out);
  } else out[prefix] = textOf(String(value));
  return out;
}

/** Every string a language shows: `namespace:key` → text, the mails as namespace `mail`. */
function stringsOf(locale: string) {
  const out: Record<string, string> = {};
  for (const file of fs.readdirSync(path.join(localeDir, locale)).filter((f) => f.endsWith(".json")))
    flatten(
      JSON.parse(fs.readFileSync(path.join(localeDir, locale, file), "utf8")),
      `${file.replace(".json", "")}:`,
      out,
    );
  flatten(JSON.parse(fs.readFileSync(path.join(mailDir, `${locale}.json`), "utf8")), "mail:", out);
  return out;
}

test("the glossary has a section for every language, each naming every concept", () => {
  for (const locale of locales) {
    const concepts = rowsOf(locale).map((row) => row.concept);
    expect(concepts, locale).toEqual(expect.arrayContaining([...defaultKeys.keys()].filter((c) => c !== "apostrophe")));
  }
});

describe.each(locales)("%s", (locale) => {
  const strings = stringsOf(locale);
  const rows = rowsOf(locale);

  test.each(rows.filter((row) => row.not.length > 0).map((row) => [row.concept, row] as const))(
    "%s: no string uses a variant the glossary rules out",
    (_concept, row) => {
      const found: string[] = [];
      for (const [key, text] of Object.entries(strings)) {
        if (row.except.includes(key)) continue;
        let checked = text;
        for (const phrase of row.except.filter((e) => !e.includes(":")))
          checked = checked.replace(matcher(phrase, "giu"), "");
        for (const variant of row.not)
          if (matcher(variant, "u").test(checked)) found.push(`${key} has "${variant}": ${text}`);
      }
      expect(found).toEqual([]);
    },
  );

  test.each(
    rows.filter((row) => row.terms.length > 0 && row.keys.length > 0).map((row) => [row.concept, row] as const),
  )("%s: the keys that name it use the glossary's term", (_concept, row) => {
    for (const key of row.keys) {
      expect(strings[key], `${locale} ${key}`).toBeDefined();
      const uses = row.terms.some((term) => matcher(term, "iu").test(strings[key]!));
      expect(uses, `${locale} ${key} = "${strings[key]}" uses none of ${row.terms.join(", ")}`).toBe(true);
    }
  });
});
