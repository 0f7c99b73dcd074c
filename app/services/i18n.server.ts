import { createI18nextMiddleware } from "remix-i18next/middleware";
import { initReactI18next } from "react-i18next";
import { defaultLocale, isLocale, locales, type Locale } from "../../contract/locales";
import { i18nConfig } from "../i18n/config";
import { languageCookie } from "./cookies.server";
import { cachedSettings } from "./settings.server";
import { resources } from "../i18n/resources.server";

/**
 * The member's language: `?lng=` (hreflang links for crawlers), then the language cookie, then the first two
 * letters of the site's domain_language when they name a locale (SPEC §4), then English.
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    async findLocale(request) {
      const own = cachedSettings(request)?.domain_language.slice(0, 2);
      return isLocale(own) ? own : null;
    },
  },
  i18next: { ...i18nConfig, resources },
  plugins: [initReactI18next],
});

export function localeOf(context: Parameters<typeof getLocale>[0]): Locale {
  const locale = getLocale(context);
  return isLocale(locale) ? locale : defaultLocale;
}
