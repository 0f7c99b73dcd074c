import { type Locale, locales } from "../../contract/locales";
import enCommon from "./locales/en/common.json";
import enLanders from "./locales/en/landers.json";
import enPages from "./locales/en/pages.json";

/**
 * One language's translations, server side; a hydrating page has the browser fetch only its language's common
 * namespace. `pages` and `landers` are translated in their loaders (getFixedT), so their strings reach the page as
 * loader data.
 */
export type LocaleResources = {
  common: Record<string, unknown>;
  pages: Record<string, unknown>;
  landers: Record<string, unknown>;
};

/** English is in the server's bundle: it is the default language and every other's fallback. */
export const englishResources: LocaleResources = { common: enCommon, pages: enPages, landers: enLanders };

// The other languages are chunks of their own, read the first time a request asks for one: a site whose visitors use
// one language never holds the other ten (their source and their strings, about 2.5 MB of heap).
const otherLanguages = import.meta.glob<Record<string, unknown>>(["./locales/*/*.json", "!./locales/en/*.json"], {
  import: "default",
});

export async function loadTranslations(locale: Locale): Promise<LocaleResources> {
  if (locale === "en") return englishResources;
  const file = (namespace: keyof LocaleResources) => otherLanguages[`./locales/${locale}/${namespace}.json`]!();
  const [common, pages, landers] = await Promise.all([file("common"), file("pages"), file("landers")]);
  return { common, pages, landers };
}

/** Every language's translations (the tests that hold the languages to each other). */
export async function allTranslations(): Promise<Record<Locale, LocaleResources>> {
  const loaded = await Promise.all(locales.map(async (locale) => [locale, await loadTranslations(locale)] as const));
  return Object.fromEntries(loaded) as Record<Locale, LocaleResources>;
}
