import { sql } from "kysely";
import type { DbOrTx } from "../db/database";

/** The admin's member search: by id, or by a piece of the e-mail address or profile name (any letter case). */
export async function searchMembers(db: DbOrTx, siteId: number, q: string, limit: number, offset: number) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const base = db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .where("users.site_id", "=", siteId)
    .where("users.status", "!=", "deleted")
    .$if(q !== "", (query) =>
      query.where((eb) =>
        eb.or([
          sql<boolean>`lower(users.email) like ${pattern} escape '\\'`,
          sql<boolean>`lower(profiles.name) like ${pattern} escape '\\'`,
          ...(id === null ? [] : [eb("users.id", "=", id)]),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select([
        "users.id",
        "users.email",
        "profiles.name",
        "users.status",
        "users.role",
        "users.signup_date",
        "users.suspended_until",
        "users.banned_at",
      ])
      .orderBy("users.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findSiteMember(db: DbOrTx, siteId: number, id: number) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("id", "=", id)
    .where("status", "!=", "deleted")
    .executeTakeFirst();
}

export function findProfile(db: DbOrTx, userId: number) {
  return db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export function listPhotos(db: DbOrTx, userId: number) {
  return db
    .selectFrom("photos")
    .select(["id", "thumb_filename", "status", "is_main", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export function listPayments(db: DbOrTx, userId: number, limit: number) {
  return db
    .selectFrom("payments")
    .select(["id", "status", "method", "amount_cents", "currency", "credits", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function listLedger(db: DbOrTx, userId: number, limit: number) {
  return db
    .selectFrom("credit_ledger")
    .select(["id", "reason", "delta", "balance_after", "refused", "reference", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function listReportsAbout(db: DbOrTx, siteId: number, userId: number, limit: number) {
  return db
    .selectFrom("reports")
    .select(["id", "subject", "status", "opened_at"])
    .where("site_id", "=", siteId)
    .where("member_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function listReportsBy(db: DbOrTx, userId: number, limit: number) {
  return db
    .selectFrom("report_filings")
    .innerJoin("reports", "reports.id", "report_filings.report_id")
    .select(["reports.id", "reports.subject", "report_filings.reason", "report_filings.created_at"])
    .where("report_filings.reporter_id", "=", userId)
    .orderBy("report_filings.id", "desc")
    .limit(limit)
    .execute();
}

export function listLogins(db: DbOrTx, userId: number, limit: number) {
  return db
    .selectFrom("member_logins")
    .select(["created_at", "address", "user_agent"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Mails to the member's address sent from this site's support address. */
export function listMails(db: DbOrTx, email: string, supportEmail: string, limit: number) {
  return db
    .selectFrom("sent_mails")
    .select(["created_at", "subject"])
    .where("to_address", "=", email.toLowerCase())
    .where("from_address", "like", `%<${supportEmail}>`)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function listStaffActions(db: DbOrTx, siteId: number, userId: number, limit: number) {
  return db
    .selectFrom("staff_actions")
    .leftJoin("profiles", "profiles.user_id", "staff_actions.staff_id")
    .select(["staff_actions.created_at", "staff_actions.action", "staff_actions.reason", "profiles.name as staff"])
    .where("staff_actions.site_id", "=", siteId)
    .where("staff_actions.target_user_id", "=", userId)
    .orderBy("staff_actions.id", "desc")
    .limit(limit)
    .execute();
}

/** Whether a wrong-password block on the account is running now (docs/product.md §4.4). */
export async function isLocked(db: DbOrTx, userId: number, now: string) {
  const row = await db
    .selectFrom("login_failures")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("blocked_until", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}
