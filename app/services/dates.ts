/**
 * How the site writes dates and times: one style per purpose (docs/product.md §9.5), in the
 * member's language as their country writes it. An English reader in Britain reads "26 Nov 2026, 16:36", in Ireland
 * "26 Nov 2026, 16:36", in the United States "Nov 26, 2026, 4:36 PM"; the language alone would give all of them the
 * American form.
 */
export type DatePurpose = keyof typeof styles;

const styles = {
  /** When something happened: a message, a payment, an upload, a report. */
  moment: { dateStyle: "medium", timeStyle: "short" },
  /** A day: the date of a purchase in a list, a day of a report. */
  day: { dateStyle: "medium" },
  /** A day inside a sentence ("until 3 December 2026"). */
  longDay: { dateStyle: "long" },
  /** A time of today, where the day goes without saying (the conversation list). */
  clock: { timeStyle: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Whether the platform knows a language-country tag, as asked once. */
const supportedTags = new Map<string, boolean>();

/**
 * The locale dates are written in: the page's language with the member's (or the visitor's) country, when the
 * platform knows that combination ("en" and "GB": "en-GB"); else the language alone.
 */
export function dateLocale(language: string, country: string | null | undefined): string {
  // Intl knows Norwegian Bokmål as "nb"; the site's language code is "no".
  const base = language === "no" ? "nb" : language;
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return base;
  const tag = `${base}-${country.toUpperCase()}`;
  // Asking ICU costs more than the rest of a page's dates: the answer, at most languages × countries, is kept.
  let known = supportedTags.get(tag);
  if (known === undefined) {
    known = Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
    supportedTags.set(tag, known);
  }
  return known ? tag : base;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date (an ISO string or a Date) written for one purpose, in a locale of `dateLocale`. */
export function formatDate(locale: string, purpose: DatePurpose, when: string | Date, timeZone?: string): string {
  const key = `${locale} ${purpose} ${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...styles[purpose], timeZone });
    formats.set(key, format);
  }
  return format.format(typeof when === "string" ? new Date(when) : when);
}

/** A list's time of a thing: its time when it happened today, else its day. */
export function formatListTime(locale: string, when: string, now = new Date()): string {
  const date = new Date(when);
  return formatDate(locale, date.toDateString() === now.toDateString() ? "clock" : "day", date);
}
