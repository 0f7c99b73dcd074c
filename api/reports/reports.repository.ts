import { sql } from "kysely";
import type { Db, DbOrTx, Tx } from "../db/database";
import type { NewReportFiling, ReportSubject } from "../db/schema";

/**
 * The open report of a thing, made if there is none. Two first reports at once both insert-or-nothing against the
 * one-open-report index, then read the same row: they merge instead of making two cases.
 */
export async function openReportFor(
  trx: Tx,
  report: { site_id: number; subject: ReportSubject; subject_id: number | null; member_id: number | null },
  now: string,
) {
  if (report.subject_id === null)
    return trx
      .insertInto("reports")
      .values({ ...report, opened_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
  await trx
    .insertInto("reports")
    .values({ ...report, opened_at: now })
    .onConflict((oc) =>
      // The literal must match the partial index's condition; a bound parameter would not.
      oc.columns(["site_id", "subject", "subject_id"]).where(sql.ref("status"), "=", sql.lit("open")).doNothing(),
    )
    .execute();
  return trx
    .selectFrom("reports")
    .select("id")
    .where("site_id", "=", report.site_id)
    .where("subject", "=", report.subject)
    .where("subject_id", "=", report.subject_id)
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
}

/** Adds a filing; a member's second filing of the same report is nothing new (false). */
export async function addFiling(trx: Tx, filing: NewReportFiling) {
  const added = await trx
    .insertInto("report_filings")
    .values(filing)
    .onConflict((oc) => oc.columns(["report_id", "reporter_id"]).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The open reports of a site, oldest first. */
/** The open reports a moderator may decide: not those about the moderator (docs/product.md §6.8). */
export function listOpenReports(db: DbOrTx, siteId: number, moderatorId: number, limit: number) {
  return db
    .selectFrom("reports")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("status", "=", "open")
    .where((eb) => eb.or([eb("member_id", "is", null), eb("member_id", "!=", moderatorId)]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

export function listFilings(db: DbOrTx, reportIds: number[]) {
  if (reportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("report_filings")
    .leftJoin("profiles", "profiles.user_id", "report_filings.reporter_id")
    .select([
      "report_filings.report_id",
      "report_filings.reason",
      "report_filings.details",
      "report_filings.url",
      "report_filings.created_at",
      "report_filings.reporter_email",
      "report_filings.reporter_name",
      "profiles.name as reporter_profile_name",
    ])
    .where("report_filings.report_id", "in", reportIds)
    .orderBy("report_filings.id")
    .execute();
}

/** Whom to tell the outcome: every filer, in the language they filed in. */
export function listFilers(db: DbOrTx, reportId: number) {
  return db
    .selectFrom("report_filings")
    .leftJoin("users", "users.id", "report_filings.reporter_id")
    .leftJoin("profiles", "profiles.user_id", "report_filings.reporter_id")
    .select([
      "report_filings.reporter_email",
      "report_filings.reporter_name",
      "report_filings.language",
      "users.email as member_email",
      "profiles.name as member_name",
    ])
    .where("report_filings.report_id", "=", reportId)
    .execute();
}

export function findOpenReport(db: DbOrTx, siteId: number, id: number) {
  return db
    .selectFrom("reports")
    .selectAll()
    .where("id", "=", id)
    .where("site_id", "=", siteId)
    .where("status", "=", "open")
    .executeTakeFirst();
}

/** Closes an open report; false when another moderator closed it first. */
export async function closeReport(trx: Tx, id: number, now: string) {
  const closed = await trx
    .updateTable("reports")
    .set({ status: "closed", closed_at: now })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) > 0;
}

/** A member as the queue shows them (whatever their state: a hidden or suspended member is still decided on). */
export function findMemberSummary(db: DbOrTx, siteId: number, userId: number) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .leftJoin("photos", (join) =>
      join.onRef("photos.user_id", "=", "users.id").on("photos.is_main", "=", 1).on("photos.status", "=", "active"),
    )
    .select([
      "users.id",
      "users.email",
      "users.language",
      "profiles.name",
      "profiles.date_of_birth",
      "profiles.country",
      "profiles.about",
      "profiles.fictional",
      "photos.thumb_filename",
    ])
    .where("users.id", "=", userId)
    .where("users.site_id", "=", siteId)
    .executeTakeFirst();
}

/** A message of a site with the conversation it belongs to. */
export function findSiteMessage(db: DbOrTx, siteId: number, id: number) {
  return db
    .selectFrom("messages")
    .innerJoin("users", "users.id", "messages.sender_id")
    .innerJoin("conversations", "conversations.id", "messages.conversation_id")
    .selectAll("messages")
    .select(["conversations.member_low", "conversations.member_high"])
    .where("messages.id", "=", id)
    .where("users.site_id", "=", siteId)
    .executeTakeFirst();
}

/** Whether a message of the conversation is reported and not yet decided: its moderators may see its photos. */
export async function conversationUnderReport(db: DbOrTx, conversationId: number) {
  const report = await db
    .selectFrom("reports")
    .innerJoin("messages", "messages.id", "reports.subject_id")
    .select("reports.id")
    .where("reports.subject", "=", "message")
    .where("reports.status", "=", sql.lit("open"))
    .where("messages.conversation_id", "=", conversationId)
    .executeTakeFirst();
  return Boolean(report);
}

/** The reported message between up to `around` messages either side of it. */
export async function messagesAround(db: DbOrTx, conversationId: number, messageId: number, around: number) {
  const columns = ["messages.id", "messages.kind", "messages.body", "messages.created_at", "profiles.name"] as const;
  const base = () =>
    db
      .selectFrom("messages")
      .innerJoin("profiles", "profiles.user_id", "messages.sender_id")
      .select(columns)
      .where("messages.conversation_id", "=", conversationId);
  const before = await base()
    .where("messages.id", "<", messageId)
    .orderBy("messages.id", "desc")
    .limit(around)
    .execute();
  const from = await base()
    .where("messages.id", ">=", messageId)
    .orderBy("messages.id")
    .limit(around + 1)
    .execute();
  return [...before.reverse(), ...from];
}

/** Decisions appealed and not yet decided again, oldest appeal first. */
export function listOpenAppeals(db: DbOrTx, siteId: number, limit: number) {
  return db
    .selectFrom("moderation_decisions")
    .innerJoin("users", "users.id", "moderation_decisions.member_id")
    .selectAll("moderation_decisions")
    .where("users.site_id", "=", siteId)
    .where("moderation_decisions.appealed_at", "is not", null)
    .where("moderation_decisions.appeal_decision_id", "is", null)
    .orderBy("moderation_decisions.appealed_at")
    .limit(limit)
    .execute();
}

export function findDecisionByAppealHash(db: DbOrTx, hash: string) {
  return db.selectFrom("moderation_decisions").selectAll().where("appeal_token_hash", "=", hash).executeTakeFirst();
}

export function findSiteDecision(db: DbOrTx, siteId: number, id: number) {
  return db
    .selectFrom("moderation_decisions")
    .innerJoin("users", "users.id", "moderation_decisions.member_id")
    .selectAll("moderation_decisions")
    .where("moderation_decisions.id", "=", id)
    .where("users.site_id", "=", siteId)
    .executeTakeFirst();
}

/** Takes back a filing whose receipt could not be sent, and its report if nobody else filed it. */
export async function withdrawFiling(db: Db, reportId: number, filingId: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("report_filings").where("id", "=", filingId).execute();
    await trx
      .deleteFrom("reports")
      .where("id", "=", reportId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("report_filings").select("id").where("report_id", "=", reportId))))
      .execute();
  });
}
