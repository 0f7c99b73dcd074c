import type { Resource } from "i18next";
import type { Locale } from "../../contract/locales";
import daCommon from "./locales/da/common.json";
import daLanders from "./locales/da/landers.json";
import daPages from "./locales/da/pages.json";
import deCommon from "./locales/de/common.json";
import deLanders from "./locales/de/landers.json";
import dePages from "./locales/de/pages.json";
import enCommon from "./locales/en/common.json";
import enLanders from "./locales/en/landers.json";
import enPages from "./locales/en/pages.json";
import esCommon from "./locales/es/common.json";
import esLanders from "./locales/es/landers.json";
import esPages from "./locales/es/pages.json";
import fiCommon from "./locales/fi/common.json";
import fiLanders from "./locales/fi/landers.json";
import fiPages from "./locales/fi/pages.json";
import frCommon from "./locales/fr/common.json";
import frLanders from "./locales/fr/landers.json";
import frPages from "./locales/fr/pages.json";
import itCommon from "./locales/it/common.json";
import itLanders from "./locales/it/landers.json";
import itPages from "./locales/it/pages.json";
import nlCommon from "./locales/nl/common.json";
import nlLanders from "./locales/nl/landers.json";
import nlPages from "./locales/nl/pages.json";
import noCommon from "./locales/no/common.json";
import noLanders from "./locales/no/landers.json";
import noPages from "./locales/no/pages.json";
import plCommon from "./locales/pl/common.json";
import plLanders from "./locales/pl/landers.json";
import plPages from "./locales/pl/pages.json";
import svCommon from "./locales/sv/common.json";
import svLanders from "./locales/sv/landers.json";
import svPages from "./locales/sv/pages.json";

/**
 * All translations, server side; a hydrating page has the browser fetch only its language's common namespace. `pages`
 * and `landers` are translated in their loaders (getFixedT), so their strings reach the page as loader data.
 */
export const resources = {
  en: { common: enCommon, pages: enPages, landers: enLanders },
  nl: { common: nlCommon, pages: nlPages, landers: nlLanders },
  de: { common: deCommon, pages: dePages, landers: deLanders },
  it: { common: itCommon, pages: itPages, landers: itLanders },
  fr: { common: frCommon, pages: frPages, landers: frLanders },
  es: { common: esCommon, pages: esPages, landers: esLanders },
  pl: { common: plCommon, pages: plPages, landers: plLanders },
  da: { common: daCommon, pages: daPages, landers: daLanders },
  fi: { common: fiCommon, pages: fiPages, landers: fiLanders },
  no: { common: noCommon, pages: noPages, landers: noLanders },
  sv: { common: svCommon, pages: svPages, landers: svLanders },
} satisfies Record<Locale, Resource[string]>;
