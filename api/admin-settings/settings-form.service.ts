import {
  type AdminSettings,
  allSettingFields,
  type SettingField,
  type SettingsGroup,
  settingsGroups,
} from "../../contract/admin-settings";
import { siteDefinitionSchema } from "../../contract/site-definition";
import { recordStaffAction } from "../audit/staff-actions";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import { definitionOf, diffSites, type ResolvedSite, resolveSite } from "../sites/site-definition-rows";
import * as sitesRepo from "../sites/sites.repository";
import { SiteDefinitionError, writeSite } from "../sites/sites.service";
import { settingsFieldErrors } from "./field-errors";

/*
 * The admin area's settings (issue 33, docs/product.md §6.9): the site's definition shown field by field, and a
 * group's form saved as a partial `site apply` — today's definition with the form's fields put in, validated with
 * the file's schema, written by the same code, recorded in the audit log and announced to every process, all in one
 * transaction that holds the site's row.
 */

function valueAt(tree: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

function putAt(tree: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  const last = keys.pop()!;
  let node = tree;
  for (const key of keys) {
    node[key] = { ...((node[key] as Record<string, unknown> | undefined) ?? {}) };
    node = node[key] as Record<string, unknown>;
  }
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** Fields whose default follows other fields: left at their default while they equal it, so that they keep following. */
const derivedFields = ["title", "default_country", "prices.minimum_message_costs"] as const;

/** Today's definition with the derived fields that are at their default left out, as a file that never named them. */
function editableDefinition(current: ResolvedSite): Record<string, unknown> {
  const bare = structuredClone(current) as Record<string, unknown>;
  for (const path of derivedFields) putAt(bare, path, undefined);
  const standard = resolveSite(siteDefinitionSchema.parse(bare), current.company.terms_date);
  const editable = structuredClone(current) as Record<string, unknown>;
  for (const path of derivedFields)
    if (JSON.stringify(valueAt(standard, path)) === JSON.stringify(valueAt(current, path)))
      putAt(editable, path, undefined);
  return editable;
}

/** Fields without a default: the ones a minimal file must name. */
const required = new Set([
  "domain",
  "name",
  "support.email",
  "company.name",
  "company.address",
  "company.city",
  "company.country",
]);

/** Every setting's value and default, by its dotted path. */
export async function adminSettings(db: Db, site: SiteRow): Promise<AdminSettings> {
  const current = definitionOf(await sitesRepo.loadStoredSite(db, site.id));
  const minimal = siteDefinitionSchema.parse({
    domain: current.domain,
    name: current.name,
    support: { email: current.support.email },
    company: {
      name: current.company.name,
      address: current.company.address,
      city: current.company.city,
      country: current.company.country,
    },
    countries: current.countries,
  });
  const standard = resolveSite(minimal, current.company.terms_date);
  const values: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  for (const { path } of allSettingFields) {
    values[path] = valueAt(current, path) ?? null;
    if (!required.has(path) && path !== "countries" && path !== "company.terms_date")
      defaults[path] = valueAt(standard, path) ?? null;
  }
  return { values, defaults };
}

export interface SaveContext {
  db: Db;
  site: SiteRow;
  staffId: number;
  address: string | null;
}

/** Saves one group's form; answers what changed (nothing when nothing differs: no audit row then). */
export async function saveSettings(
  { db, site, staffId, address }: SaveContext,
  group: SettingsGroup,
  values: Record<string, unknown>,
) {
  const fields: readonly SettingField[] = settingsGroups[group];
  const unknown = Object.keys(values).filter((path) => !fields.some((f) => f.path === path));
  if (unknown.length)
    throw new ApiError(400, "validation_failed", "Not a setting of this group", {
      fields: Object.fromEntries(unknown.map((path) => [path, "admin.settings.errors.invalid"])),
    });

  return db.transaction().execute(async (trx) => {
    // Two saves at once run one after the other, each on the other's result: no change is lost.
    await sitesRepo.lockSite(trx, site.id);
    const current = definitionOf(await sitesRepo.loadStoredSite(trx, site.id));
    const edited = editableDefinition(current);
    for (const { path } of fields) if (path in values) putAt(edited, path, values[path]);
    const parsed = siteDefinitionSchema.safeParse(edited);
    if (!parsed.success)
      throw new ApiError(400, "validation_failed", "The settings are not valid", {
        fields: settingsFieldErrors(parsed.error.issues, fields),
      });
    const wanted = resolveSite(parsed.data, current.company.terms_date);
    const changes = diffSites(current, wanted);
    if (changes.length === 0) return { changes };
    try {
      await writeSite(trx, site.id, wanted);
    } catch (error) {
      if (!(error instanceof SiteDefinitionError)) throw error;
      // A domain another site answers for: said at the field the problem names.
      const fieldsOf = error.problems.map((line) => line.split(":")[0]!.replace(/\.\d+$/, ""));
      throw new ApiError(400, "validation_failed", error.message, {
        fields: Object.fromEntries(fieldsOf.map((path) => [path, "admin.settings.errors.domainTaken"])),
      });
    }
    await recordStaffAction(trx, {
      siteId: site.id,
      staffId,
      action: "settings.update",
      targetRef: `settings:${group}`,
      before: Object.fromEntries(changes.map((c) => [c.path, c.from === undefined ? null : JSON.parse(c.from)])),
      after: Object.fromEntries(changes.map((c) => [c.path, c.to === undefined ? null : JSON.parse(c.to)])),
      address,
    });
    return { changes };
  });
}
