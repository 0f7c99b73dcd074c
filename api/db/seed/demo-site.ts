import type { Insertable } from "kysely";
import { currencyOf } from "../../../contract/payments";
import { profileFieldNames } from "../../../contract/site-definition";
import type { CreditBundlesTable, NewSite } from "../schema";

/** The demo site's company: the legal entity shown in the footer and the legal pages. */
export const demoCompany = {
  name: "Heartline Media B.V.",
  address: "Keizersgracht 123",
  kvk: "87654321",
  city: "Amsterdam",
  country: "NL",
  tradenames: JSON.stringify(["Heartline"]),
  vat_numbers: JSON.stringify(["NL864209753B01"]),
  support_phone: "+31 20-123 45 67",
  // Retention offers shown before an account is deleted (issue 3): bonus credits at a discount.
  delete_discount: JSON.stringify([{ credits: 50, percentage: 50 }]),
  added: "2024-03-15T09:00:00.000Z",
};

export const demoCountries = [
  "GB",
  "US",
  "IE",
  "CA",
  "AU",
  "NZ",
  "NL",
  "BE",
  "DE",
  "AT",
  "CH",
  "FR",
  "IT",
  "ES",
  "PL",
  "DK",
  "FI",
  "NO",
  "SE",
];

/** Every Settings field of docs/product.md §3 for the demo site, answering for localhost, with its push keys. */
export function demoSite(companyId: number, vapid: { publicKey: string; privateKey: string }): NewSite {
  return {
    company_id: companyId,
    domain: "localhost",
    name: "Heartline",
    domain_language: "en_GB",
    index_title: "Heartline – meet singles near you",
    description: "Heartline is the dating and chat site for singles across Europe and beyond, in eleven languages.",
    niche: 1,
    cdn_prefix: "/uploads/photos",
    countries: JSON.stringify(demoCountries),
    default_country: "GB",
    signups: "all",
    logged_out_search: 1,
    logged_out_search_trafficsource: 0,
    enable_site_entry_popup: 1,
    visible_profile_fields: JSON.stringify(profileFieldNames),
    visible_profile_notes: JSON.stringify(["about"]),
    search_fields: JSON.stringify(["gender", "country", "region", "age"]),
    message_credits: messageCredits,
    photo_credits: 15,
    gift_credits: 20,
    signup_credits: 20,
    message_length: 1000,
    minimum_message_costs: JSON.stringify(
      Object.fromEntries(
        demoCountries.map((c) => [
          c,
          { costs: cheapestMessage(currencyOf(c), messageCredits), currency: currencyOf(c) },
        ]),
      ),
    ),
    support_email: "support@heartline.example",
    support_phone: "+31 20-123 45 67",
    fictional_icon: "🎭",
    fictional_warning:
      "Profiles marked 🎭 are fictional: they are run by our staff for entertainment, and you cannot meet them.",
    fictional_singular: "fictional profile",
    fictional_plural: "fictional profiles",
    refund_days: 14,
    // The side offer (docs/product.md §2.26) from the embedded demo feed of illustrative partner entries.
    member_resell: 1,
    minimum_age: 18,
    push_public_key: vapid.publicKey,
    push_private_key: vapid.privateKey,
    // A short animation of our own (public/landers/), so the video landers play something without leaving the site.
    lander_video_url: "/landers/heartline-demo.mp4",
    lander_video_poster: "/landers/heartline-demo-poster.jpg",
  };
}

const messageCredits = 10;

/** The demo's bundles in euros; other currencies get the same at a rough exchange rate, priced to end in .99. */
const euroBundles = [
  { credits: 170, euros: 9.99 },
  { credits: 360, euros: 19.99 },
  { credits: 950, euros: 49.99 },
  { credits: 2000, euros: 99.99 },
];
const perEuro: Record<string, number> = {
  EUR: 1,
  GBP: 0.85,
  USD: 1.1,
  CAD: 1.5,
  AUD: 1.65,
  NZD: 1.8,
  CHF: 0.95,
  PLN: 4.3,
  DKK: 7.45,
  NOK: 11.5,
  SEK: 11.3,
};

/** Every bundle of the demo site in every currency its countries pay in. */
export function demoBundles(siteId: number): Insertable<CreditBundlesTable>[] {
  return Object.entries(perEuro).flatMap(([currency, rate]) =>
    euroBundles.map((bundle, position) => ({
      site_id: siteId,
      currency,
      credits: bundle.credits,
      amount_cents: currency === "EUR" ? Math.round(bundle.euros * 100) : Math.ceil(bundle.euros * rate) * 100 - 1,
      position,
    })),
  );
}

/** What a message costs at the best bundle's price per credit, rounded up to the cent. */
function cheapestMessage(currency: string, credits: number): number {
  const bundles = demoBundles(0).filter((b) => b.currency === currency);
  const perCredit = Math.min(...bundles.map((b) => b.amount_cents / b.credits));
  return Math.ceil(perCredit * credits) / 100;
}
