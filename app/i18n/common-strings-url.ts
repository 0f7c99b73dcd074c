// Each language's common strings are a file of their own in the build (named by their hash, cached for a year): a
// page names its language's file instead of carrying the strings, so a phone downloads them once, not with every
// page, and the page's HTML stays small enough for the first round trip.
const files = import.meta.glob<string>("./locales/*/common.json", { query: "?url", import: "default", eager: true });

/** The URL of a language's common strings, as the browser fetches them before hydrating (entry.client). */
export function commonStringsUrl(locale: string): string | undefined {
  return files[`./locales/${locale}/common.json`];
}
