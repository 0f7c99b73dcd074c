import type { AdminOverview } from "../../contract/staff";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";

/** The admin area's overview of one site: its members by state, its staff and its open reports. */
export async function adminOverview(db: Db, site: SiteRow): Promise<AdminOverview> {
  const [users, reports] = await Promise.all([
    db
      .selectFrom("users")
      .select(["status", "role", (eb) => eb.fn.countAll<number>().as("n")])
      .where("site_id", "=", site.id)
      .where("status", "!=", "deleted")
      .groupBy(["status", "role"])
      .execute(),
    db
      .selectFrom("reports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site_id", "=", site.id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow(),
  ]);
  const count = (keep: (row: (typeof users)[number]) => boolean) =>
    users.filter(keep).reduce((sum, row) => sum + Number(row.n), 0);
  return {
    members: {
      total: count(() => true),
      active: count((r) => r.status === "active"),
      not_confirmed: count((r) => r.status === "not_confirmed"),
    },
    staff: { moderators: count((r) => r.role === "moderator"), admins: count((r) => r.role === "admin") },
    open_reports: Number(reports.n),
  };
}
