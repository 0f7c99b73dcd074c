import type { i18n } from "i18next";
import NodeCache from "node-cache";
import type { CompanyInfo, Settings } from "../../contract/settings";
import { registerWebSiteCache } from "./site-caches.server";
import { termsVersionDate } from "./site-info";

export interface LegalSection {
  heading: string;
  body: string;
}

export interface LegalPageText {
  title: string;
  intro: string;
  sections: LegalSection[];
  /** When the terms and the privacy statement last changed, in the page's language (other pages: null). */
  updated: string | null;
}

// A page's text is the same for every visitor of a site in one language: it is made once per language and site facts,
// not per request (filling the long texts in, and a date formatter, were a tenth of the page's CPU). Keyed by the facts
// themselves, so a change of settings or company details makes a new text at once.
const texts = new NodeCache({ stdTTL: 3600, useClones: false, maxKeys: 2000 });
registerWebSiteCache("web: legal page texts", () => texts.flushAll());

/** A legal or help page's text (docs/product.md §2), in `locale`, filled with the site's and company's facts. */
export function legalPageText(i18next: i18n, locale: string, key: string, settings: Settings, company: CompanyInfo) {
  const facts = {
    site: settings.name,
    domain: settings.domain,
    company: company.name,
    address: company.address,
    city: company.city,
    kvk: company.kvk,
    vat: company.vat_numbers.join(", "),
    email: settings.support_email,
    phone: settings.support_phone,
    refundDays: settings.refund_days,
    minAge: settings.minimum_age,
  };
  const cacheKey = JSON.stringify([locale, key, company.added, facts]);
  const cached = texts.get<LegalPageText>(cacheKey);
  if (cached) return cached;

  const termsDate = new Intl.DateTimeFormat(locale === "no" ? "nb" : locale, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(termsVersionDate(company.added));
  const values = { ...facts, termsDate };
  const t = i18next.getFixedT(locale, "pages");
  const text: LegalPageText = {
    title: t(`${key}.title`, values),
    intro: t(`${key}.intro`, values),
    sections: t(`${key}.sections`, { ...values, returnObjects: true }) as unknown as LegalSection[],
    updated: key === "terms" || key === "privacy" ? termsDate : null,
  };
  try {
    texts.set(cacheKey, text);
  } catch {
    // ECACHEFULL: the text is made again next time, never wrong.
  }
  return text;
}
