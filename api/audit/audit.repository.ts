import type { ExpressionBuilder } from "kysely";
import type { AuditQuery } from "../../contract/audit";
import type { DbOrTx } from "../db/database";
import type { Database } from "../db/schema";

type Filters = Omit<AuditQuery, "page">;
type From = ExpressionBuilder<Database, "staff_actions">;

/** A filter's member: a number is an id, anything else an e-mail address (as stored: lower case). */
function whoIs(eb: From, column: "target_user_id" | "staff_id", value: string) {
  if (/^\d+$/.test(value)) return eb(`staff_actions.${column}`, "=", Number(value));
  return eb(
    `staff_actions.${column}`,
    "in",
    eb.selectFrom("users").select("users.id").where("users.email", "=", value.toLowerCase()),
  );
}

function filtered(db: DbOrTx, siteId: number, filters: Filters) {
  return db
    .selectFrom("staff_actions")
    .where("staff_actions.site_id", "=", siteId)
    .$if(filters.member !== undefined, (q) => q.where((eb) => whoIs(eb, "target_user_id", filters.member!)))
    .$if(filters.staff !== undefined, (q) => q.where((eb) => whoIs(eb, "staff_id", filters.staff!)))
    .$if(filters.action !== undefined, (q) => q.where("staff_actions.action", "=", filters.action!));
}

export async function countStaffActions(db: DbOrTx, siteId: number, filters: Filters) {
  const row = await filtered(db, siteId, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The filtered rows, newest first (the id breaks ties within one millisecond), with both people's addresses. */
export function listStaffActions(db: DbOrTx, siteId: number, filters: Filters, limit: number, offset: number) {
  return filtered(db, siteId, filters)
    .leftJoin("users as staff", "staff.id", "staff_actions.staff_id")
    .leftJoin("users as member", "member.id", "staff_actions.target_user_id")
    .selectAll("staff_actions")
    .select(["staff.email as staff_email", "member.email as member_email"])
    .orderBy("staff_actions.created_at", "desc")
    .orderBy("staff_actions.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function actionNames(db: DbOrTx, siteId: number) {
  const rows = await db
    .selectFrom("staff_actions")
    .select("action")
    .distinct()
    .where("site_id", "=", siteId)
    .orderBy("action")
    .execute();
  return rows.map((r) => r.action);
}
