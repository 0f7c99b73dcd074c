import { defaultLocale, locales } from "../../contract/locales";

/** i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...locales],
  fallbackLng: defaultLocale,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  // Resources are bundled: initialise at once instead of on a later tick.
  initAsync: false,
};
