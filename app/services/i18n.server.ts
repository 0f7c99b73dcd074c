import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { i18nConfig } from "~/i18n/config";
import { englishResources, type LocaleResources, loadTranslations } from "~/i18n/resources.server";
import { embeddedTranslator, type Translator } from "~/i18n/translator";
import { defaultLocale, isLocale, type Locale, locales } from "../../contract/locales";
import { slugLocaleOf } from "../../contract/niches";
import { cookieOptions, languageCookie } from "./cookies.server";
import { requestInfoContext } from "./request-context";
import { cachedSettings } from "./settings.server";

/**
 * The member's language: `?lng=` (hreflang links for crawlers), then the language cookie, then the first two
 * letters of the site's domain_language when they name a locale (docs/product.md §4), then English.
 */
const detector = new LanguageDetector({
  supportedLanguages: [...locales],
  fallbackLanguage: defaultLocale,
  cookie: languageCookie,
  order: ["searchParams", "cookie", "custom"],
  async findLocale(request) {
    const own = cachedSettings(request)?.domain_language.slice(0, 2);
    return isLocale(own) ? own : null;
  },
});

/**
 * A language's i18next instance and the components' translator, made once: the translations never change while the
 * server runs, and making and initialising an instance per request was a sixth of a page's CPU.
 */
interface Language {
  locale: Locale;
  i18n: i18n;
  // What components translate with: the browser's small `t` (app/i18n/translator.ts), held to i18next's answers for
  // every key by translator.test.ts, at a fraction of i18next's cost per call.
  translator: Translator;
}

function makeLanguage(locale: Locale, own: LocaleResources): Language {
  const instance = createInstance({
    ...i18nConfig,
    resources: { [defaultLocale]: englishResources, [locale]: own },
    lng: locale,
  });
  void instance.init();
  return { locale, i18n: instance, translator: embeddedTranslator(locale, own.common) };
}

const english = makeLanguage(defaultLocale, englishResources);
// The others are made the first time a request asks for them (app/i18n/resources.server.ts).
const languages = new Map<Locale, Promise<Language>>([[defaultLocale, Promise.resolve(english)]]);

function languageOf(locale: Locale): Promise<Language> {
  let language = languages.get(locale);
  if (!language) {
    language = loadTranslations(locale).then((own) => makeLanguage(locale, own));
    // A failed load is tried again by the next request, not kept.
    language.catch(() => languages.delete(locale));
    languages.set(locale, language);
  }
  return language;
}

// English until the middleware has chosen (an error answered before it ran is in English).
const languageContext = createContext<Language>(english);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  // A landing's slug names its language (docs/product.md §1.1, `milf-de`): it comes before everything else.
  const fromSlug = slugLocaleOf(url.pathname);
  const detected = fromSlug ?? (await detector.detect(request));
  const locale = isLocale(detected) ? detected : defaultLocale;
  context.set(languageContext, await languageOf(locale));
  // A language chosen by ?lng= (the hreflang links) or a slug is kept, so the next page, which has neither, stays
  // in it. Sent by relayApiCookies, which also keeps a response that sets a cookie out of shared caches.
  const chosen = fromSlug ?? url.searchParams.get("lng");
  if (isLocale(chosen) && chosen !== (await languageCookie.parse(request.headers.get("cookie")))) {
    context.get(requestInfoContext).setCookies.push(await languageCookie.serialize(chosen, cookieOptions(request)));
  }
  return next();
};

export function localeOf(context: Readonly<RouterContextProvider>): Locale {
  return context.get(languageContext).locale;
}

export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return context.get(languageContext).i18n;
}

export function getTranslator(context: Readonly<RouterContextProvider>): Translator {
  return context.get(languageContext).translator;
}
