import type { Locale } from "../../contract/locales";

/** Open Graph wants a territory with the language; each locale's main country (Norwegian is Bokmål). */
const ogLocales: Record<Locale, string> = {
  en: "en_GB",
  nl: "nl_NL",
  de: "de_DE",
  it: "it_IT",
  fr: "fr_FR",
  es: "es_ES",
  pl: "pl_PL",
  da: "da_DK",
  fi: "fi_FI",
  no: "nb_NO",
  sv: "sv_SE",
};

/**
 * The share-card tags every page of a site has in common (docs/product.md §2.21), made on the server with the root's
 * data so that the pages' JavaScript (meta runs in the browser too) carries only what differs per page: the site's
 * name, the page's language and the site's others as Open Graph locales, the card type, and the site's share image
 * (app/routes/app-icon.tsx draws it) for pages without one of their own.
 */
export function shareCard(
  origin: string,
  locale: Locale,
  siteLanguages: readonly Locale[],
  siteName: string,
  imageAlt: string,
) {
  return {
    tags: [
      { property: "og:site_name", content: siteName },
      { property: "og:locale", content: ogLocales[locale] },
      ...siteLanguages
        .filter((l) => l !== locale)
        .map((l) => ({ property: "og:locale:alternate", content: ogLocales[l] })),
      { name: "twitter:card", content: "summary_large_image" },
    ],
    image: [
      { property: "og:image", content: `${origin}/app-icons/share` },
      { property: "og:image:alt", content: imageAlt },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:image:alt", content: imageAlt },
    ],
  };
}
