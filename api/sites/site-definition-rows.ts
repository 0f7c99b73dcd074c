import { nicheSlugOf, nicheSlugs } from "../../contract/niches";
import { currencyOf } from "../../contract/payments";
import { type SiteDefinition, signupModes } from "../../contract/site-definition";
import type { CompanyRow, SiteRow } from "../db/schema";
import { demoBundles } from "../db/seed/demo-site";

/*
 * Between a site definition (contract/site-definition.ts) and the rows that hold it: `sites`, `companies`,
 * `site_domains` and `credit_bundles`. A definition is "resolved" when every default that depends on other fields
 * (title, default country, bundles, minimum message costs, the terms date) is written out: that is what is stored,
 * what `site export` writes, and what `site apply` compares.
 */

export type ResolvedSite = Omit<SiteDefinition, "$schema" | "title" | "default_country" | "credit_bundles"> & {
  title: string;
  default_country: string;
  credit_bundles: Record<string, { credits: number; price_cents: number }[]>;
  prices: SiteDefinition["prices"] & { minimum_message_costs: Record<string, { costs: number; currency: string }> };
  company: SiteDefinition["company"] & { terms_date: string };
};

/** The standard bundles (the demo site's) in the currencies the site's countries pay in. */
function standardBundles(countries: string[]) {
  const currencies = new Set(countries.map(currencyOf));
  const bundles: ResolvedSite["credit_bundles"] = {};
  for (const bundle of demoBundles(0)) {
    if (!currencies.has(bundle.currency)) continue;
    bundles[bundle.currency] ??= [];
    bundles[bundle.currency]!.push({ credits: bundle.credits, price_cents: bundle.amount_cents });
  }
  return bundles;
}

/** Per country: a message's credits at the best price per credit of its currency's bundles, rounded up to the cent. */
function standardMessageCosts(countries: string[], bundles: ResolvedSite["credit_bundles"], credits: number) {
  const costs: Record<string, { costs: number; currency: string }> = {};
  for (const country of countries) {
    const currency = currencyOf(country);
    const offered = bundles[currency];
    if (!offered) continue;
    const perCredit = Math.min(...offered.map((b) => b.price_cents / b.credits));
    costs[country] = { costs: Math.ceil(perCredit * credits) / 100, currency };
  }
  return costs;
}

/** Fills in the defaults that depend on other fields; `termsDate` is kept when the file names none. */
export function resolveSite(definition: SiteDefinition, termsDate: string): ResolvedSite {
  const { $schema: _schema, ...site } = definition;
  const credit_bundles = site.credit_bundles ?? standardBundles(site.countries);
  return {
    ...site,
    other_domains: [...site.other_domains].sort(),
    title: site.title ?? site.name,
    default_country: site.default_country ?? site.countries[0]!,
    credit_bundles,
    prices: {
      ...site.prices,
      minimum_message_costs:
        site.prices.minimum_message_costs ??
        standardMessageCosts(site.countries, credit_bundles, site.prices.message_credits),
    },
    company: { ...site.company, terms_date: site.company.terms_date ?? termsDate },
  };
}

const bit = (value: boolean) => (value ? 1 : 0);

/** The `sites` columns a definition sets (not the company, push keys or id). */
export function siteColumns(site: ResolvedSite) {
  return {
    domain: site.domain,
    name: site.name,
    domain_language: site.language,
    index_title: site.title,
    description: site.description,
    niche: nicheSlugs.indexOf(site.niche) + 1,
    cdn_prefix: site.photo_url_prefix,
    countries: JSON.stringify(site.countries),
    default_country: site.default_country,
    signups: site.signup.who,
    logged_out_search: bit(site.search.logged_out),
    logged_out_search_trafficsource: bit(site.search.logged_out_with_traffic_source),
    enable_site_entry_popup: bit(site.signup.entry_popup),
    visible_profile_fields: JSON.stringify(site.profiles.visible_fields),
    visible_profile_notes: JSON.stringify(site.profiles.visible_notes),
    search_fields: JSON.stringify(site.search.fields),
    message_credits: site.prices.message_credits,
    photo_credits: site.prices.photo_credits,
    gift_credits: site.prices.gift_credits,
    signup_credits: site.signup.bonus_credits,
    message_length: site.chat.message_length,
    chat_photo_moderation: bit(site.chat.photo_moderation),
    photo_moderation: bit(site.photos.moderation),
    minimum_message_costs: JSON.stringify(site.prices.minimum_message_costs),
    support_email: site.support.email,
    support_phone: site.support.phone,
    fictional_icon: site.fictional_profiles.icon,
    fictional_warning: site.fictional_profiles.warning,
    fictional_singular: site.fictional_profiles.singular,
    fictional_plural: site.fictional_profiles.plural,
    refund_days: site.prices.refund_days,
    member_resell: bit(site.side_offer),
    minimum_age: site.signup.minimum_age,
    origin: site.origin,
    premium_variant: site.prices.premium_variant,
    direct_debit_limit_cents: site.prices.direct_debit_limit_cents,
    index_member_pages: bit(site.search_engines.index_member_pages),
    lander_video_url: site.landers.video_url,
    lander_video_poster: site.landers.video_poster,
  };
}

export function companyColumns(company: ResolvedSite["company"]) {
  return {
    name: company.name,
    address: company.address,
    kvk: company.chamber_of_commerce,
    city: company.city,
    country: company.country,
    tradenames: JSON.stringify(company.trade_names),
    vat_numbers: JSON.stringify(company.vat_numbers),
    support_phone: company.phone,
    delete_discount: JSON.stringify(company.retention_offers),
    added: company.terms_date,
  };
}

export interface StoredSite {
  site: SiteRow;
  company: CompanyRow;
  domains: string[];
  bundles: { currency: string; credits: number; amount_cents: number; position: number }[];
}

/** Today's definition of a stored site, in the schema's order. */
export function definitionOf({ site, company, domains, bundles }: StoredSite): ResolvedSite {
  const credit_bundles: ResolvedSite["credit_bundles"] = {};
  for (const bundle of [...bundles].sort((a, b) => a.currency.localeCompare(b.currency) || a.position - b.position)) {
    credit_bundles[bundle.currency] ??= [];
    credit_bundles[bundle.currency]!.push({ credits: bundle.credits, price_cents: bundle.amount_cents });
  }
  const signups = signupModes.find((mode) => mode === site.signups) ?? "closed";
  return {
    domain: site.domain,
    other_domains: domains.filter((d) => d !== site.domain).sort(),
    origin: site.origin,
    name: site.name,
    language: site.domain_language,
    title: site.index_title,
    description: site.description,
    niche: nicheSlugOf(site.niche),
    photo_url_prefix: site.cdn_prefix,
    countries: JSON.parse(site.countries),
    default_country: site.default_country,
    signup: {
      who: signups,
      minimum_age: site.minimum_age,
      bonus_credits: site.signup_credits,
      entry_popup: site.enable_site_entry_popup === 1,
    },
    search: {
      logged_out: site.logged_out_search === 1,
      logged_out_with_traffic_source: site.logged_out_search_trafficsource === 1,
      fields: JSON.parse(site.search_fields),
    },
    profiles: {
      visible_fields: JSON.parse(site.visible_profile_fields),
      visible_notes: JSON.parse(site.visible_profile_notes),
    },
    prices: {
      message_credits: site.message_credits,
      photo_credits: site.photo_credits,
      gift_credits: site.gift_credits,
      minimum_message_costs: JSON.parse(site.minimum_message_costs),
      refund_days: site.refund_days,
      direct_debit_limit_cents: site.direct_debit_limit_cents,
      premium_variant: site.premium_variant,
    },
    credit_bundles,
    chat: { message_length: site.message_length, photo_moderation: site.chat_photo_moderation === 1 },
    photos: { moderation: site.photo_moderation === 1 },
    support: { email: site.support_email, phone: site.support_phone },
    fictional_profiles: {
      icon: site.fictional_icon,
      warning: site.fictional_warning,
      singular: site.fictional_singular,
      plural: site.fictional_plural,
    },
    side_offer: site.member_resell === 1,
    search_engines: { index_member_pages: site.index_member_pages === 1 },
    landers: { video_url: site.lander_video_url, video_poster: site.lander_video_poster },
    company: {
      name: company.name,
      address: company.address,
      city: company.city,
      country: company.country,
      chamber_of_commerce: company.kvk,
      trade_names: JSON.parse(company.tradenames),
      vat_numbers: JSON.parse(company.vat_numbers),
      phone: company.support_phone,
      retention_offers: JSON.parse(company.delete_discount),
      terms_date: company.added,
    },
  };
}

/** Leaves of a definition by dotted path; arrays and bundle lists are compared whole. */
function leaves(value: unknown, path: string, out: Map<string, string>) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, out);
  } else out.set(path, JSON.stringify(value));
  return out;
}

export interface SiteChange {
  path: string;
  from: string | undefined;
  to: string | undefined;
}

/** What differs between today's definition and the wanted one, field by field. */
export function diffSites(current: ResolvedSite, wanted: ResolvedSite): SiteChange[] {
  const before = leaves(current, "", new Map());
  const after = leaves(wanted, "", new Map());
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths
    .filter((path) => before.get(path) !== after.get(path))
    .map((path) => ({ path, from: before.get(path), to: after.get(path) }));
}
