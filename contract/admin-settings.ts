import { z } from "zod";
import { nicheSlugs } from "./niches";
import { signupModes } from "./site-definition";

/*
 * The admin area's settings, credit bundles and discount codes (issue 33, docs/product.md §6.9). The settings forms
 * edit the fields of a site definition (contract/site-definition.ts) by their dotted paths, group by group; a save is
 * a partial `site apply`, validated with the same schema as the file.
 */

/** How a setting is typed in a form, and how the typed text becomes the definition's value. */
export type SettingKind = "text" | "longtext" | "number" | "flag" | "list" | "choice" | "json";

export interface SettingField {
  /** The field's dotted path in the site definition, e.g. `prices.message_credits`; also the form field's name. */
  path: string;
  kind: SettingKind;
  options?: readonly string[];
  /** What an empty text means: null (the definition's "none") or the default (the field left out). */
  empty?: "null" | "default";
}

const field = (path: string, kind: SettingKind, more: Partial<SettingField> = {}): SettingField => ({
  path,
  kind,
  ...more,
});

/** The groups of the settings screen (issue 33), each a form of its own, in the order of the navigation. */
export const settingsGroups = {
  identity: [
    field("name", "text"),
    field("title", "text", { empty: "default" }),
    field("description", "longtext"),
    field("domain", "text"),
    field("other_domains", "list"),
    field("origin", "text", { empty: "null" }),
    field("niche", "choice", { options: nicheSlugs }),
    field("photo_url_prefix", "text"),
  ],
  languages: [
    field("language", "text"),
    field("countries", "list"),
    field("default_country", "text", { empty: "default" }),
  ],
  signup: [
    field("signup.who", "choice", { options: signupModes }),
    field("signup.minimum_age", "number"),
    field("signup.bonus_credits", "number"),
    field("signup.entry_popup", "flag"),
    field("search.logged_out", "flag"),
    field("search.logged_out_with_traffic_source", "flag"),
    field("search.fields", "list"),
    field("profiles.visible_fields", "list"),
    field("profiles.visible_notes", "list"),
  ],
  prices: [
    field("prices.message_credits", "number"),
    field("prices.photo_credits", "number"),
    field("prices.gift_credits", "number"),
    field("prices.refund_days", "number"),
    field("prices.direct_debit_limit_cents", "number"),
    field("prices.premium_variant", "choice", { options: ["p0", "p1", "p2", "p3"] }),
    field("prices.minimum_message_costs", "json", { empty: "default" }),
  ],
  chat: [field("chat.message_length", "number"), field("chat.photo_moderation", "flag"), field("side_offer", "flag")],
  photos: [
    field("photos.moderation", "flag"),
    field("fictional_profiles.icon", "text"),
    field("fictional_profiles.warning", "longtext"),
    field("fictional_profiles.singular", "text"),
    field("fictional_profiles.plural", "text"),
  ],
  company: [
    field("company.name", "text"),
    field("company.address", "text"),
    field("company.city", "text"),
    field("company.country", "text"),
    field("company.chamber_of_commerce", "text"),
    field("company.trade_names", "list"),
    field("company.vat_numbers", "list"),
    field("company.phone", "text"),
    field("company.retention_offers", "json"),
    field("company.terms_date", "text", { empty: "default" }),
    field("support.email", "text"),
    field("support.phone", "text"),
  ],
  search_engines: [field("search_engines.index_member_pages", "flag")],
  landers: [
    field("landers.video_url", "text", { empty: "null" }),
    field("landers.video_poster", "text", { empty: "null" }),
  ],
} as const satisfies Record<string, SettingField[]>;

export type SettingsGroup = keyof typeof settingsGroups;
export const settingsGroupNames = Object.keys(settingsGroups) as SettingsGroup[];
export const allSettingFields: SettingField[] = Object.values(settingsGroups).flat();

/** A form field's name: its path with `__` for the dots (a dot in a name would be read as nesting). */
export const formName = (path: string) => path.replaceAll(".", "__");

/** A value as a form shows it: lists one to a line, JSON indented, flags as checked or not. */
export function settingText(kind: SettingKind, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (kind === "list") return (value as string[]).join("\n");
  if (kind === "json") return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * The typed texts of a group's form as the definition's values. Text that is not a number or not JSON is kept as
 * typed, so that the schema refuses it and names the field.
 */
export function settingsFromForm(group: SettingsGroup, read: (name: string) => string | null) {
  const values: Record<string, unknown> = {};
  for (const { path, kind, empty } of settingsGroups[group] as readonly SettingField[]) {
    const raw = read(formName(path));
    if (kind === "flag") {
      values[path] = raw !== null;
      continue;
    }
    const text = (raw ?? "").trim();
    if (text === "" && empty) {
      values[path] = empty === "null" ? null : undefined;
      continue;
    }
    if (kind === "number") values[path] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    else if (kind === "list")
      values[path] = text
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter(Boolean);
    else if (kind === "json") values[path] = parseJson(text);
    else values[path] = kind === "longtext" ? (raw ?? "") : text;
  }
  return values;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** GET /api/admin/settings.php: every setting's value, and its default where it has one, by dotted path. */
export const adminSettingsResponseSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  defaults: z.record(z.string(), z.unknown()),
});
export type AdminSettings = z.infer<typeof adminSettingsResponseSchema>;

/** PUT /api/admin/settings.php: one group's values by dotted path (a leaving-out means "the default"). */
export const adminSettingsUpdateSchema = z.object({
  group: z.enum(settingsGroupNames as [SettingsGroup, ...SettingsGroup[]]),
  values: z.record(z.string(), z.unknown()),
});

export const settingChangeSchema = z.object({
  path: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
});
export const adminSettingsUpdateResponseSchema = z.object({ changes: z.array(settingChangeSchema) });

/** A whole number in a range, every refusal as one translation key (the form shows it at the field). */
const wholeNumber = (min: number, max: number, key: string) =>
  z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

/** A credit bundle as the admin sees it: with how many payments name it, and whether it is still on sale. */
export const adminBundleSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  position: z.number().int(),
  retired_at: z.string().nullable(),
  payments: z.number().int(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;
export const adminBundlesResponseSchema = z.object({ bundles: z.array(adminBundleSchema) });
export const adminBundleResponseSchema = z.object({ bundle: adminBundleSchema });

const bundleCredits = wholeNumber(1, 1_000_000, "admin.bundles.errors.credits");
const bundlePrice = wholeNumber(1, 100_000_000, "admin.bundles.errors.price");

/** POST /api/admin/bundles.php: a new bundle, shown after the currency's others. */
export const adminBundleCreateSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, { error: "admin.bundles.errors.currency" }),
  credits: bundleCredits,
  price_cents: bundlePrice,
});
/** PUT /api/admin/bundles.php: a bundle's credits, price and place. */
export const adminBundleUpdateSchema = z.object({
  id: z.number().int(),
  credits: bundleCredits,
  price_cents: bundlePrice,
  position: wholeNumber(0, 1000, "admin.bundles.errors.position"),
});
/** POST /api/admin/bundle-retirement.php: off sale (retired) or back on sale. */
export const adminBundleRetirementSchema = z.object({ id: z.number().int(), retired: z.boolean() });

/** A discount code for everyone on the site, made in the admin area (docs/product.md §3.8). */
export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  value_percentage: z.number(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  minimum_order_value: z.number(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  expires: z.string().nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;
export const adminDiscountCodesResponseSchema = z.object({ codes: z.array(adminDiscountCodeSchema) });
export const adminDiscountCodeResponseSchema = z.object({ code: adminDiscountCodeSchema });

/** POST /api/admin/discount-codes.php. */
export const adminDiscountCodeCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,30}$/, { error: "admin.discounts.errors.code" }),
  value_percentage: wholeNumber(1, 100, "admin.discounts.errors.percentage"),
  max_uses: wholeNumber(1, 1_000_000, "admin.discounts.errors.maxUses").nullable(),
  expires: z.iso.date({ error: "admin.discounts.errors.expires" }).nullable(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: "admin.discounts.errors.country" })
    .nullable(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: "admin.discounts.errors.currency" })
    .nullable(),
  minimum_order_value: z
    .number({ error: "admin.discounts.errors.minimum" })
    .min(0, { error: "admin.discounts.errors.minimum" }),
});
export const adminDiscountCodeIdSchema = z.object({ id: z.number().int() });
export const adminDiscountCodeQuerySchema = z.object({ id: z.coerce.number().int() });

/** Who used a code: its paid (and unfinished) payments with their members. */
export const adminDiscountUsesResponseSchema = z.object({
  code: adminDiscountCodeSchema,
  payments: z.array(
    z.object({
      id: z.number().int(),
      member_id: z.number().int(),
      member_name: z.string().nullable(),
      email: z.string(),
      status: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
});
