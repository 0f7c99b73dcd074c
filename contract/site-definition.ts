import { z } from "zod";
import { countryLanguages } from "./country-languages";
import { nicheSlugs } from "./niches";

/*
 * A site definition (issue 33, docs/operations.md "Your own site"): one JSON document per site holding the settings of
 * docs/product.md §3.1 under readable names, its company, domains, countries and credit bundles. `npm run site`
 * creates, applies and exports it; docs/examples/site.schema.json is generated from this schema
 * (`node --import tsx server/site-schema-cli.ts`). Every field but a domain, a name, a company and a support address
 * has a default.
 */

const flag = (fallback: boolean, description: string) => z.boolean().default(fallback).meta({ description });
const whole = (fallback: number, min: number, max: number, description: string) =>
  z.number().int().min(min).max(max).default(fallback).meta({ description });

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "a two-letter country code in capitals, e.g. NL")
  .meta({ examples: ["NL"] });
const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, "a three-letter currency code in capitals, e.g. EUR")
  .meta({ examples: ["EUR"] });
const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?!www\.)[a-z0-9-]+(\.[a-z0-9-]+)*$/, "a host name without www., scheme, port or path, e.g. dating.example")
  .meta({ examples: ["dating.example"] });

/** Every country the site's languages are offered in (contract/country-languages.ts): the default. */
export const allCountries = Object.keys(countryLanguages);

/** The fields a profile can show to others, in the order the profile page shows them. */
export const profileFieldNames = [
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
] as const;

/** Who may sign up (docs/product.md §6.2); stored in `sites.signups`. */
export const signupModes = ["all", "with_trafficsource", "invite", "closed"] as const;

export const bundleDefinitionSchema = z.strictObject({
  credits: z.number().int().positive().meta({ description: "Credits the member gets." }),
  price_cents: z.number().int().positive().meta({ description: "The price in cents of the currency, e.g. 999." }),
});

export const companyDefinitionSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .meta({ description: "The legal entity's name, shown in the footer and legal pages." }),
    address: z.string().trim().min(1).meta({ description: "Street and number." }),
    city: z.string().trim().min(1),
    country: countryCode,
    chamber_of_commerce: z.string().default("").meta({ description: "The chamber of commerce number (KvK)." }),
    trade_names: z.array(z.string().min(1)).default([]),
    vat_numbers: z.array(z.string().min(1)).default([]),
    phone: z.string().default("").meta({ description: "The company's support phone number." }),
    retention_offers: z
      .array(z.strictObject({ credits: z.number().int().positive(), percentage: z.number().int().min(1).max(100) }))
      .default([])
      .meta({
        description: "Bonus credits at a discount offered before an account is deleted (docs/product.md §4.1).",
      }),
    terms_date: z.iso.datetime().optional().meta({
      description: "When the terms took effect (shown on the terms page). Default: when the site is created.",
    }),
  })
  .meta({ description: "The legal entity running the site." });

export const siteDefinitionSchema = z
  .strictObject({
    $schema: z.string().optional().meta({ description: "The JSON Schema of this file, for editors." }),
    domain: domainName.meta({ description: "The site's main domain; www. and the port are ignored when matching." }),
    other_domains: z.array(domainName).default([]).meta({ description: "More domains answering with this site." }),
    origin: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null)
      .meta({ description: "The canonical origin of links in mails. Default (null): https://{domain}." }),
    name: z.string().trim().min(1).max(60).meta({ description: "The site's name." }),
    language: z
      .string()
      .regex(/^[a-z]{2}_[A-Z]{2}$/, "a language and region, e.g. en_GB")
      .default("en_GB")
      .meta({ description: "The site's own language (domain_language)." }),
    title: z
      .string()
      .trim()
      .min(1)
      .optional()
      .meta({ description: "The home page's title (index_title). Default: the name." }),
    description: z.string().default("").meta({ description: "The site's description for search engines and sharing." }),
    niche: z.enum(nicheSlugs).default("none").meta({ description: "The site's niche (docs/product.md §1.1)." }),
    photo_url_prefix: z
      .string()
      .min(1)
      .default("/uploads/photos")
      .meta({ description: "Where published photos are served (cdn_prefix): a path of the site or a CDN's URL." }),
    countries: z
      .array(countryCode)
      .min(1)
      .default(allCountries)
      .meta({ description: "The countries the site serves; its languages follow from them (docs/product.md §9)." }),
    default_country: countryCode
      .optional()
      .meta({ description: "The country for visitors from elsewhere. Default: the first of countries." }),
    signup: z
      .strictObject({
        who: z.enum(signupModes).default("all").meta({ description: "Who may sign up (docs/product.md §6.2)." }),
        minimum_age: whole(18, 18, 99, "The minimum age of members."),
        bonus_credits: whole(20, 0, 100_000, "Credits a new member gets (signup_credits)."),
        entry_popup: flag(true, "Ask visitors to confirm their age before the first page (enable_site_entry_popup)."),
      })
      .prefault({}),
    search: z
      .strictObject({
        logged_out: flag(true, "Visitors may search members (logged_out_search)."),
        logged_out_with_traffic_source: flag(
          false,
          "Visitors who came from an advert may search (logged_out_search_trafficsource).",
        ),
        fields: z.array(z.string().min(1)).default(["gender", "country", "region", "age"]),
      })
      .prefault({}),
    profiles: z
      .strictObject({
        visible_fields: z.array(z.string().min(1)).default([...profileFieldNames]),
        visible_notes: z.array(z.string().min(1)).default(["about"]),
      })
      .prefault({}),
    prices: z
      .strictObject({
        message_credits: whole(10, 0, 100_000, "Credits a chat message costs."),
        photo_credits: whole(15, 0, 100_000, "Credits a chat photo costs."),
        gift_credits: whole(20, 0, 100_000, "Credits a gift costs."),
        minimum_message_costs: z
          .record(countryCode, z.strictObject({ costs: z.number().nonnegative(), currency: currencyCode }))
          .optional()
          .meta({
            description:
              "Per country, the least a message costs in money, shown beside the send button. Default: message_credits at the best bundle's price per credit.",
          }),
        refund_days: whole(14, 0, 365, "Days within which a purchase may be returned."),
        direct_debit_limit_cents: whole(10_000, 0, 10_000_000, "Direct debit per member per 30 days, in cents."),
        premium_variant: z.enum(["p0", "p1", "p2", "p3"]).default("p0").meta({
          description: "The colour variant of the premium package overview (docs/product.md §1.4).",
        }),
      })
      .prefault({}),
    credit_bundles: z.record(currencyCode, z.array(bundleDefinitionSchema).min(1)).optional().meta({
      description:
        "What members buy, per currency, in the order shown. Default: 170, 360, 950 and 2000 credits at 9.99, 19.99, 49.99 and 99.99 euros, and the same at a rough exchange rate in the currency of each country.",
    }),
    chat: z
      .strictObject({
        message_length: whole(1000, 1, 10_000, "The longest message, in characters."),
        photo_moderation: flag(true, "Chat photos wait for a moderator before the receiver sees them."),
      })
      .prefault({}),
    photos: z
      .strictObject({ moderation: flag(true, "A member's new photo waits for a moderator before others see it.") })
      .prefault({}),
    support: z.strictObject({
      email: z.email().meta({ description: "The support address; mails are sent from it." }),
      phone: z.string().default(""),
    }),
    fictional_profiles: z
      .strictObject({
        icon: z.string().min(1).default("🎭"),
        warning: z
          .string()
          .min(1)
          .default(
            "Profiles marked 🎭 are fictional: they are run by our staff for entertainment, and you cannot meet them.",
          ),
        singular: z.string().min(1).default("fictional profile"),
        plural: z.string().min(1).default("fictional profiles"),
      })
      .prefault({})
      .meta({ description: "How fictional profiles are marked and explained." }),
    side_offer: flag(false, "Show partners' offers at /offers (member_resell, docs/product.md §2.26)."),
    search_engines: z
      .strictObject({
        index_member_pages: flag(false, "Profiles and member landings may be indexed and listed in the sitemap."),
      })
      .prefault({}),
    landers: z
      .strictObject({
        video_url: z.string().min(1).nullable().default(null).meta({ description: "The video landers' video." }),
        video_poster: z.string().min(1).nullable().default(null),
      })
      .prefault({}),
    company: companyDefinitionSchema,
  })
  .superRefine((site, ctx) => {
    if (site.default_country && !site.countries.includes(site.default_country))
      ctx.addIssue({ code: "custom", path: ["default_country"], message: "must be one of countries" });
    if (site.other_domains.includes(site.domain))
      ctx.addIssue({ code: "custom", path: ["other_domains"], message: "must not repeat domain" });
  });

/** A definition as written (defaults may be left out). */
export type SiteDefinitionInput = z.input<typeof siteDefinitionSchema>;
/** A definition with its defaults filled in. */
export type SiteDefinition = z.output<typeof siteDefinitionSchema>;

/** The JSON Schema of a site definition file, for editors (`$schema`). */
export function siteDefinitionJsonSchema() {
  return {
    ...z.toJSONSchema(siteDefinitionSchema, { io: "input", unrepresentable: "any" }),
    $id: "https://heartline.example/schemas/site.schema.json",
    title: "Heartline site definition",
  };
}

/** Every problem of a file, one line each: the field's path and the reason. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join(".") : "(file)"}: ${issue.message}`);
}
