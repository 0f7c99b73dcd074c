import { type Locale, locales } from "./locales";

/**
 * Country-to-language table of docs/product.md §9. The spec lists no language for DK, FI, NO and SE although the site
 * speaks Danish, Finnish, Norwegian and Swedish; those countries get their own language, and English.
 */
export const countryLanguages: Record<string, Locale[]> = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "it", "fr", "en"],
  DK: ["da", "en"],
  FI: ["fi", "en"],
  NO: ["no", "en"],
  SE: ["sv", "en"],
};

/** The languages of some countries, in the site's locale order, without repeats. */
export function languagesForCountries(countries: readonly string[]): Locale[] {
  const wanted = new Set(countries.flatMap((c) => countryLanguages[c.toUpperCase()] ?? []));
  return locales.filter((l) => wanted.has(l));
}
