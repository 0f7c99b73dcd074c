import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { locales } from "../../contract/locales";
import { pluralCategories as categories, pluralOrder, pluralSuffix } from "../../contract/plural-categories";
import { type MailKind, renderMail } from "./templates";

const kinds: MailKind[] = [
  "activation",
  "passwordReset",
  "mailChange",
  "deletion",
  "complaintReceipt",
  "reportOutcome",
  "decision",
  "appealOutcome",
];

test("every mail renders in every language with its link and no unfilled placeholder", () => {
  for (const language of locales) {
    for (const kind of kinds) {
      const mail = renderMail(kind, {
        to: "a@example.com",
        language,
        name: "Ana",
        site: "Heartline",
        supportEmail: "help@example.com",
        link: "https://example.com/x?token=abc",
        values: { newEmail: "b@example.com", count: 14, reference: "R-1", outcome: "X", reason: "Y", explanation: "" },
      });
      expect(mail.subject, `${language} ${kind}`).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).toContain("https://example.com/x?token=abc");
      expect(mail.html).toContain('href="https://example.com/x?token=abc"');
      expect(mail.text).toContain("Ana");
    }
  }
});

test("mails are in the member's language, and HTML escapes what members typed", () => {
  const german = renderMail("activation", {
    to: "a@example.com",
    language: "de",
    name: "<b>Jo</b>",
    site: "Heartline",
    supportEmail: "h@example.com",
    link: "https://e.com/a",
  });
  const english = renderMail("activation", {
    to: "a@example.com",
    language: "en",
    name: "Jo",
    site: "Heartline",
    supportEmail: "h@example.com",
    link: "https://e.com/a",
  });
  expect(german.subject).not.toBe(english.subject);
  expect(german.html).toContain("&#60;b&#62;Jo");
  expect(german.html).not.toContain("<b>Jo</b>");
});

const deletionMail = (language: string, count: number) =>
  renderMail("deletion", {
    to: "a@example.com",
    language,
    name: "Ana",
    site: "Heartline",
    supportEmail: "help@example.com",
    link: "https://example.com/x?token=abc",
    values: { count },
  });

test("the deletion mail's days are in the plural form of the count", () => {
  const en14 = deletionMail("en", 14);
  expect(en14.text).toContain("in 14 days");
  expect(en14.text).toContain("After 14 days");
  const en1 = deletionMail("en", 1);
  expect(en1.text).toContain("in 1 day.");
  expect(en1.text).toContain("within 1 day.");
  expect(en1.text).toContain("After 1 day your");
  expect(en1.text).not.toContain("1 days");

  const pl14 = deletionMail("pl", 14);
  expect(pl14.text).toContain("za 14 dni");
  expect(pl14.text).toContain("Po upływie 14 dni");
  const pl1 = deletionMail("pl", 1);
  expect(pl1.text).toContain("za 1 dzień");
  expect(pl1.text).toContain("W ciągu 1 dnia");
  expect(pl1.text).toContain("Po upływie 1 dnia");
  expect(pl1.text).not.toMatch(/\b1 dni\b/);
  expect(deletionMail("pl", 3).text).toContain("za 3 dni");
  expect(deletionMail("pl", 5).text).toContain("za 5 dni");

  const fr14 = deletionMail("fr", 14);
  expect(fr14.text).toContain("dans 14 jours");
  expect(fr14.text).toContain("Au bout de 14 jours");
  expect(fr14.html).toContain("dans 14 jours");
});

const localeDir = path.join(import.meta.dirname, "locales");

function flatten(value: unknown, prefix = "", out: Record<string, string> = {}) {
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else out[prefix] = String(value);
  return out;
}

/** Each plural key family (`deletion.body`) with the categories it has, in i18next's order. */
function pluralFamilies(strings: Record<string, string>) {
  const families: Record<string, string[]> = {};
  for (const key of Object.keys(strings)) {
    const match = key.match(pluralSuffix);
    if (!match) continue;
    const family = key.replace(pluralSuffix, "");
    families[family] = [...(families[family] ?? []), match[1]!];
  }
  for (const forms of Object.values(families)) forms.sort((a, b) => pluralOrder.indexOf(a) - pluralOrder.indexOf(b));
  return families;
}

test("every plural key family has exactly its language's plural categories, and every count is in a plural key", () => {
  const read = (locale: string) => flatten(JSON.parse(fs.readFileSync(path.join(localeDir, `${locale}.json`), "utf8")));
  const english = Object.keys(pluralFamilies(read("en"))).sort();
  expect(english).toEqual(expect.arrayContaining(["deletion.body", "deletion.note"]));
  for (const locale of locales) {
    const strings = read(locale);
    const families = pluralFamilies(strings);
    expect(Object.keys(families).sort(), locale).toEqual(english);
    for (const [family, forms] of Object.entries(families))
      expect(forms, `${locale} ${family}`).toEqual(categories(locale));
    const counted = Object.keys(strings).filter(
      (k) => /\{\{\s*(count|days)\b/.test(strings[k]!) && !pluralSuffix.test(k),
    );
    expect(counted, `${locale}: ${counted.join(", ")}`).toEqual([]);
  }
  expect(categories("pl")).toEqual(["one", "few", "many", "other"]);
  expect(categories("fr")).toEqual(["one", "many", "other"]);
});
