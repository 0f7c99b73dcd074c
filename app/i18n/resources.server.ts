import type { Resource } from "i18next";
import type { Locale } from "../../contract/locales";
import daCommon from "./locales/da/common.json";
import daPages from "./locales/da/pages.json";
import deCommon from "./locales/de/common.json";
import dePages from "./locales/de/pages.json";
import enCommon from "./locales/en/common.json";
import enPages from "./locales/en/pages.json";
import esCommon from "./locales/es/common.json";
import esPages from "./locales/es/pages.json";
import fiCommon from "./locales/fi/common.json";
import fiPages from "./locales/fi/pages.json";
import frCommon from "./locales/fr/common.json";
import frPages from "./locales/fr/pages.json";
import itCommon from "./locales/it/common.json";
import itPages from "./locales/it/pages.json";
import nlCommon from "./locales/nl/common.json";
import nlPages from "./locales/nl/pages.json";
import noCommon from "./locales/no/common.json";
import noPages from "./locales/no/pages.json";
import plCommon from "./locales/pl/common.json";
import plPages from "./locales/pl/pages.json";
import svCommon from "./locales/sv/common.json";
import svPages from "./locales/sv/pages.json";

/** All translations, server side; a hydrating page has the browser fetch only its language's common namespace. */
export const resources = {
  en: { common: enCommon, pages: enPages },
  nl: { common: nlCommon, pages: nlPages },
  de: { common: deCommon, pages: dePages },
  it: { common: itCommon, pages: itPages },
  fr: { common: frCommon, pages: frPages },
  es: { common: esCommon, pages: esPages },
  pl: { common: plCommon, pages: plPages },
  da: { common: daCommon, pages: daPages },
  fi: { common: fiCommon, pages: fiPages },
  no: { common: noCommon, pages: noPages },
  sv: { common: svCommon, pages: svPages },
} satisfies Record<Locale, Resource[string]>;
