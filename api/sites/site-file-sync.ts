import { recordStaffAction } from "../audit/staff-actions";
import type { DbOrTx } from "../db/database";
import type { SiteChange } from "./site-definition-rows";

/**
 * Whether a site's file still holds what the admin area changed (docs/operations.md "Your own site"). The site
 * CLI records each time the file and the database agree (`site create`, `site export`, an apply that wrote or found
 * admin changes) in the audit log, with no staff member; the admin area's saves of the site's settings and bundles
 * after the latest of those are what an apply of the file would overwrite.
 */
const fileActions = ["site.create", "site.apply", "site.export"];

export interface AdminChange {
  at: string;
  action: string;
  staff: string | null;
  /** The settings group or bundle it was on (`settings:chat`, `bundle:3`). */
  on: string | null;
}

/** The admin area's changes to the site's definition since its file and database last agreed, oldest first. */
export async function adminChangesSinceFile(db: DbOrTx, siteId: number): Promise<AdminChange[]> {
  const synced = await db
    .selectFrom("staff_actions")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("site_id", "=", siteId)
    .where("action", "in", fileActions)
    .executeTakeFirst();
  return db
    .selectFrom("staff_actions")
    .leftJoin("users", "users.id", "staff_actions.staff_id")
    .select([
      "staff_actions.created_at as at",
      "staff_actions.action",
      "users.email as staff",
      "staff_actions.target_ref as on",
    ])
    .where("staff_actions.site_id", "=", siteId)
    .where("staff_actions.id", ">", Number(synced?.id ?? 0))
    .where((eb) =>
      eb.or([eb("staff_actions.action", "=", "settings.update"), eb("staff_actions.action", "like", "bundle.%")]),
    )
    .orderBy("staff_actions.id")
    .execute();
}

/** Records that the file and the database agree now; for an apply, what it changed, as the admin area's saves do. */
export function recordFileSync(
  db: DbOrTx,
  siteId: number,
  action: "site.create" | "site.apply" | "site.export",
  changes: SiteChange[] = [],
) {
  const values = (side: "from" | "to") =>
    changes.length
      ? Object.fromEntries(changes.map((c) => [c.path, c[side] === undefined ? null : JSON.parse(c[side])]))
      : undefined;
  return recordStaffAction(db, { siteId, staffId: null, action, before: values("from"), after: values("to") });
}
