import webpush from "web-push";
import type { NewSite } from "../schema";

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

const currencyOf: Record<string, string> = {
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  CH: "CHF",
  PL: "PLN",
  DK: "DKK",
  NO: "NOK",
  SE: "SEK",
};

/** Every Settings field of docs/product.md §3 for the demo site, answering for localhost. */
export function demoSite(companyId: number): NewSite {
  const vapid = webpush.generateVAPIDKeys();
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
    visible_profile_fields: JSON.stringify([
      "age",
      "gender",
      "sexuality",
      "country",
      "region",
      "city",
      "hair_colour",
      "eye_colour",
      "body_type",
      "relationship_status",
      "tattoos",
    ]),
    visible_profile_notes: JSON.stringify(["about"]),
    search_fields: JSON.stringify(["gender", "country", "region", "age"]),
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 20,
    signup_credits: 20,
    message_length: 1000,
    minimum_message_costs: JSON.stringify(
      Object.fromEntries(
        demoCountries.map((c) => [
          c,
          {
            costs: c === "PL" ? 2.49 : c === "DK" || c === "NO" || c === "SE" ? 5.9 : 0.59,
            currency: currencyOf[c] ?? "EUR",
          },
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
    member_resell: 0,
    minimum_age: 18,
    push_public_key: vapid.publicKey,
    push_private_key: vapid.privateKey,
  };
}
