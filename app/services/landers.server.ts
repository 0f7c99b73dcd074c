import { countryLanguages } from "../../contract/country-languages";
import type { Locale } from "../../contract/locales";
import { landerMapResponseSchema, landerResponseSchema, type NicheLanderName } from "../../contract/niche-landers";
import { type NicheSlug, parseNicheSlug } from "../../contract/niches";
import type { Settings } from "../../contract/settings";
import { type CallContext, callApi } from "./api.server";

/**
 * The country a map lander shows: the visitor's, where the site serves it; else the site's default country when it
 * speaks the page's language; else the first country the site serves whose language the page is in (a `-de` advert
 * shows Germany); else the default country.
 */
export function mapCountry(
  settings: Pick<Settings, "countries" | "geoip_country" | "geoip_selected_country">,
  locale: Locale,
) {
  if (settings.geoip_country && settings.countries.includes(settings.geoip_country)) return settings.geoip_country;
  const fallback = settings.geoip_selected_country ?? settings.countries[0] ?? "GB";
  if (countryLanguages[fallback]?.includes(locale)) return fallback;
  return settings.countries.find((c) => countryLanguages[c]?.[0] === locale) ?? fallback;
}

/**
 * A niche lander's data (docs/product.md §2.25): its real members and video, and for the map lander the members per
 * region. The slug's niche, when the slug is one, overrides the site's.
 */
export async function loadLander(
  call: CallContext,
  name: NicheLanderName,
  slug: string | undefined,
  settings: Settings,
  locale: Locale,
) {
  const niche: NicheSlug | undefined = parseNicheSlug(slug)?.niche;
  const query = niche ? { niche } : {};
  const [lander, map] = await Promise.all([
    callApi(call, "/lander.php", {
      query: name === "alonetonight" ? { ...query, active: "1" } : query,
      schema: landerResponseSchema,
    }),
    name === "maplanding"
      ? callApi(call, "/lander-map.php", {
          query: { ...query, country: mapCountry(settings, locale) },
          schema: landerMapResponseSchema,
        })
      : null,
  ]);
  return { ...lander, map, slugged: Boolean(niche) };
}
