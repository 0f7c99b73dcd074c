import { z } from "zod";
import { locales } from "./locales";

export const settingsQuerySchema = z.object({ domain: z.string().min(1).max(253) }).catchall(z.string());

export const minimumMessageCostSchema = z.object({ costs: z.number(), currency: z.string().length(3) });

/** The Settings entity of docs/product.md §3: everything a page needs to know about the site it is on. */
export const settingsSchema = z.object({
  countries: z.array(z.string().length(2)),
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  index_title: z.string(),
  description: z.string(),
  niche: z.number().int().min(1).max(7),
  cdn_prefix: z.string(),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string().nullable(),
  signups: z.string(),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  enable_site_entry_popup: z.boolean(),
  push_public_key: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  signup_credits: z.number().int(),
  message_length: z.number().int(),
  minimum_message_costs: z.record(z.string(), minimumMessageCostSchema),
  support_email: z.string(),
  support_phone: z.string(),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number().int(),
  member_resell: z.boolean(),
  minimum_age: z.number().int(),
  languages: z.array(z.enum(locales)),
  /** The colour variant of the premium package overview (docs/product.md §1.4). */
  premium_variant: z.enum(["p0", "p1", "p2", "p3"]),
  /** Whether search engines may index pages about one member (docs/product.md §2.21); false: they say noindex. */
  index_member_pages: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const interestsQuerySchema = z.object({ domain: z.string().optional() });
export const interestSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  names: z.record(z.string(), z.string()),
});
export const interestsResponseSchema = z.object({ interests: z.array(interestSchema) });
export type Interest = z.infer<typeof interestSchema>;

export const regionsQuerySchema = z.object({ country: z.string().length(2).optional() });
export const regionSchema = z.object({ code: z.string(), country: z.string().length(2), name: z.string() });
export const regionsResponseSchema = z.object({ regions: z.array(regionSchema) });
export type Region = z.infer<typeof regionSchema>;

/** Company info (docs/product.md §3): the legal entity behind the site, shown in the footer and the legal pages. */
export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.array(z.object({ credits: z.number().int(), percentage: z.number() })),
  added: z.string(),
});
export const companyInfoResponseSchema = z.object({ companyinfo: companyInfoSchema });
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
