import NodeCache from "node-cache";
import { languagesForCountries } from "../../contract/country-languages";
import { isLocale, type Locale } from "../../contract/locales";
import type { CompanyInfo, Interest, Region, Settings } from "../../contract/settings";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import * as repo from "./settings.repository";
import { registerSiteCache } from "./site-caches";

// Sites change rarely; a short cache keeps the database out of every request.
const siteCache = new NodeCache({ stdTTL: 60, useClones: false });
registerSiteCache("api: sites by domain", () => siteCache.flushAll());

/** The site that answers for a domain (port and case ignored), or a 404 site_not_found. */
export async function siteForDomain(db: Db, domain: string): Promise<SiteRow> {
  const key = normaliseDomain(domain);
  const cached = siteCache.get<SiteRow>(key);
  if (cached) return cached;
  const site = await repo.findSiteByDomain(db, key);
  if (!site) throw new ApiError(404, "site_not_found", `No site answers for ${key}`);
  siteCache.set(key, site);
  return site;
}

/** Drops the site lookups (tests; a settings change drops every cache through api/settings/site-caches.ts). */
export function clearSiteCache() {
  siteCache.flushAll();
}

export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
}

/** The Settings entity of docs/product.md §3 for a site, as seen from a visitor's country. */
export function settingsFor(site: SiteRow, geoipCountry: string | null): Settings {
  const countries = JSON.parse(site.countries) as string[];
  return {
    countries,
    name: site.name,
    domain: site.domain,
    domain_language: site.domain_language,
    index_title: site.index_title,
    description: site.description,
    niche: site.niche,
    cdn_prefix: site.cdn_prefix,
    geoip_country: geoipCountry,
    geoip_selected_country: geoipCountry && countries.includes(geoipCountry) ? geoipCountry : site.default_country,
    signups: site.signups,
    logged_out_search: site.logged_out_search === 1,
    logged_out_search_trafficsource: site.logged_out_search_trafficsource === 1,
    enable_site_entry_popup: site.enable_site_entry_popup === 1,
    push_public_key: site.push_public_key,
    visible_profile_fields: JSON.parse(site.visible_profile_fields),
    visible_profile_notes: JSON.parse(site.visible_profile_notes),
    search_fields: JSON.parse(site.search_fields),
    message_credits: site.message_credits,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    signup_credits: site.signup_credits,
    message_length: site.message_length,
    minimum_message_costs: JSON.parse(site.minimum_message_costs),
    support_email: site.support_email,
    support_phone: site.support_phone,
    fictional_icon: site.fictional_icon,
    fictional_warning: site.fictional_warning,
    fictional_singular: site.fictional_singular,
    fictional_plural: site.fictional_plural,
    refund_days: site.refund_days,
    member_resell: site.member_resell === 1,
    minimum_age: site.minimum_age,
    languages: siteLanguages(site, countries),
    premium_variant: site.premium_variant,
    index_member_pages: site.index_member_pages === 1,
  };
}

/** The languages a site offers: those of its countries (docs/product.md §9), always with its own language. */
function siteLanguages(site: SiteRow, countries: string[]): Locale[] {
  const own = site.domain_language.slice(0, 2);
  const languages = languagesForCountries(countries);
  return isLocale(own) && !languages.includes(own) ? [own, ...languages] : languages;
}

export async function companyInfoFor(db: Db, site: SiteRow): Promise<CompanyInfo> {
  const company = await repo.findCompany(db, site.company_id);
  return {
    name: company.name,
    address: company.address,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: JSON.parse(company.tradenames),
    vat_numbers: JSON.parse(company.vat_numbers),
    support_phone: company.support_phone,
    delete_discount: JSON.parse(company.delete_discount),
    added: company.added,
  };
}

export async function interests(db: Db): Promise<Interest[]> {
  const rows = await repo.listInterests(db);
  return rows.map((row) => ({ id: row.id, slug: row.slug, names: JSON.parse(row.names) }));
}

export async function regions(db: Db, site: SiteRow, country?: string): Promise<Region[]> {
  const countries = JSON.parse(site.countries) as string[];
  return repo.listRegions(db, country ? countries.filter((c) => c === country.toUpperCase()) : countries);
}
