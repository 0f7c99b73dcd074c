/** The site's languages (docs/product.md §1); the first is the default. */
export const locales = ["en", "nl", "de", "it", "fr", "es", "pl", "da", "fi", "no", "sv"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Each language's name in itself, as a language menu shows it (endonyms are not translated). */
export const languageNames: Record<Locale, string> = {
  en: "English",
  nl: "Nederlands",
  de: "Deutsch",
  it: "Italiano",
  fr: "Français",
  es: "Español",
  pl: "Polski",
  da: "Dansk",
  fi: "Suomi",
  no: "Norsk",
  sv: "Svenska",
};
