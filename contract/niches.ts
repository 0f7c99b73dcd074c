import { isLocale, type Locale } from "./locales";

/** The niche slugs of docs/product.md §1.1, in the order of the site setting `niche` (1 none … 7 gay). */
export const nicheSlugs = ["none", "she", "bdsm", "bbw", "gilf", "milf", "gay"] as const;
export type NicheSlug = (typeof nicheSlugs)[number];

/** The slug of a site's `niche` (1 to 7); anything else is `none`. */
export function nicheSlugOf(niche: number): NicheSlug {
  return nicheSlugs[niche - 1] ?? "none";
}

/**
 * A URL's niche-and-language slug (docs/product.md §1.1): a niche slug followed by a locale, `milf-de`. Anything
 * else is null, and the page falls back to the site's niche and the visitor's language.
 */
export function parseNicheSlug(slug: string | undefined): { niche: NicheSlug; locale: Locale } | null {
  const match = /^([a-z]+)-([a-z]{2})$/.exec(slug ?? "");
  if (!match) return null;
  const [, niche, locale] = match;
  return (nicheSlugs as readonly string[]).includes(niche!) && isLocale(locale)
    ? { niche: niche as NicheSlug, locale }
    : null;
}

/** The language a page's path names with its slug: the member landings' second and third designs, the niche landers. */
export function slugLocaleOf(pathname: string): Locale | null {
  const slug = /^\/(?:members\/\d+\/landing[23]|landers\/[a-z]+)\/([^/]+)\/?$/.exec(pathname)?.[1];
  return parseNicheSlug(slug)?.locale ?? null;
}
