import { createContext, useContext } from "react";

/** Translates a key of the common namespace, with `{{name}}` values (ARCHITECTURE: en is the source of truth). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A page's language and its common strings, and the `t` that reads them. */
export interface Translator {
  locale: string;
  common: Record<string, unknown>;
  t: Translate;
}

export const TranslatorContext = createContext<Translator | null>(null);

/**
 * What components translate with. The server provides i18next's `t` for the page's language (one instance per
 * language, made once); the browser a small `t` over the strings the page embedded, so that neither i18next
 * nor a wrapper per component is part of the page's JavaScript.
 */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslatorContext provider (entry.server, entry.client)");
  return translator;
}

/**
 * The browser's `t`: i18next's lookup and interpolation as this site uses them (dotted keys, `{{value}}`; a missing
 * key answers the key, a missing value keeps its placeholder, as i18next does).
 */
export function embeddedTranslator(locale: string, common: Record<string, unknown>): Translator {
  const t: Translate = (key, values) => {
    const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], common);
    if (typeof text !== "string") return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      values && name in values ? String(values[name] ?? "") : placeholder);
  };
  return { locale, common, t };
}
