import { createContext, useContext } from "react";
import type { CommonKey } from "./keys";

/** Translates a key of the common namespace, with `{{name}}` values (docs/architecture.md: en is the source of truth). */
export type Translate = (key: CommonKey, values?: Record<string, unknown>) => string;

/** A page's language and its common strings, and the `t` that reads them. */
export interface Translator {
  locale: string;
  common: Record<string, unknown>;
  t: Translate;
  /** A number as this language writes it (1,234 · 1.234 · 1 234). */
  formatNumber: (value: number) => string;
}

export const TranslatorContext = createContext<Translator | null>(null);

/**
 * What components translate with: a small `t` over the common strings of the page's language (embeddedTranslator),
 * made once per language on the server and from the strings the page embedded in the browser, so that neither
 * i18next nor a wrapper per component is part of the page's JavaScript or of a page's render on the server.
 */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslatorContext provider (entry.server, entry.client)");
  return translator;
}

/** `{{name}}` or `{{name, format}}`, as i18next writes a value into a string. */
const placeholder = /\{\{\s*([^,}]+?)\s*(?:,\s*([^}]*?)\s*)?\}\}/g;

/**
 * The components' `t`: i18next's lookup and interpolation as this site uses them (dotted keys; plural keys chosen
 * by `count` with Intl.PluralRules, `_zero` first for 0; `{{value}}` and `{{value, number}}`; a missing key
 * answers the key, a missing value keeps its placeholder, as i18next does). translator.test.ts holds it to
 * i18next's answers for every key of every language.
 */
export function embeddedTranslator(locale: string, common: Record<string, unknown>): Translator {
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const lookup = (key: string) => {
    const text = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], common);
    return typeof text === "string" ? text : undefined;
  };
  const t: Translate = (key, values) => {
    const count = values?.count;
    // i18next counts with any count that is not a string, and tries the plural keys before the bare key.
    const counted = count !== undefined && typeof count !== "string";
    const text =
      (counted && count === 0 ? lookup(`${key}_zero`) : undefined) ??
      (counted ? lookup(`${key}_${plurals.select(count as number)}`) : undefined) ??
      lookup(key);
    if (text === undefined) return key;
    return text.replace(placeholder, (whole, name: string, format: string | undefined) => {
      if (!values || !(name in values)) return whole;
      const value = values[name];
      // i18next keeps the placeholder of a formatted value that is undefined, and writes null as nothing.
      if (value === undefined) return format ? whole : "";
      if (value === null) return "";
      return format === "number" && typeof value === "number" ? numbers.format(value) : String(value);
    });
  };
  return { locale, common, t, formatNumber: (value) => numbers.format(value) };
}
