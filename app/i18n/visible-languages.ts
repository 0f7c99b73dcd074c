import { countryLanguages } from "../../contract/country-languages";
import type { Locale } from "../../contract/locales";
import type { Settings } from "../../contract/settings";

/**
 * The languages offered to a visitor (docs/product.md §6 "Language choices depend on country"): those of the visitor's
 * country when the site serves it, else all of the site's; the current language always stays choosable.
 */
export function visibleLanguages(
  settings: Pick<Settings, "geoip_country" | "countries" | "languages">,
  current: Locale,
): Locale[] {
  const country = settings.geoip_country;
  const own = country && settings.countries.includes(country) ? countryLanguages[country] : undefined;
  // In the country's own order (Switzerland: de, it, fr, en), not the site's.
  const offered = own ? own.filter((l) => settings.languages.includes(l)) : settings.languages;
  return offered.includes(current) ? offered : [current, ...offered];
}
