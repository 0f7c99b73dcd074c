import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { sql } from "kysely";
import { isPostgres } from "../database";

const id = (db: Kysely<any>) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement();

/**
 * Reports and their decisions (docs/product.md §6.8). A report is one open case per reported thing: every member
 * (or complaint) about the same profile, photo or message while it is open is a filing of that one report, so the
 * queue shows it once with all its reasons. A decision can hide content, suspend or ban an account; the member
 * can appeal it once, with the link of the mail that told them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reports")
    .addColumn("id", "integer", id(db))
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("subject_id", "integer")
    // The member the report is about; no foreign key: the case outlives a purged account.
    .addColumn("member_id", "integer")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("opened_at", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .execute();
  // One open report per thing: a second filing joins it (complaints without a subject stay apart: null ids differ).
  await db.schema
    .createIndex("reports_open_subject")
    .on("reports")
    .columns(["site_id", "subject", "subject_id"])
    .unique()
    .where(sql.ref("status"), "=", "open")
    .execute();
  await db.schema.createIndex("reports_queue").on("reports").columns(["site_id", "status", "id"]).execute();
  await db.schema
    .createTable("report_filings")
    .addColumn("id", "integer", id(db))
    .addColumn("report_id", "integer", (c) => c.notNull().references("reports.id").onDelete("cascade"))
    .addColumn("reporter_id", "integer")
    .addColumn("reporter_email", "text")
    .addColumn("reporter_name", "text")
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A member files once per report: reporting again is the same receipt, not a second voice.
  await db.schema
    .createIndex("report_filings_reporter")
    .on("report_filings")
    .columns(["report_id", "reporter_id"])
    .unique()
    .execute();

  await db.schema.alterTable("moderation_decisions").addColumn("report_id", "integer").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("explanation", "text").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("until", "text").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("appeal_token_hash", "text").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("appealed_at", "text").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("appeal_text", "text").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("appeal_decision_id", "integer").execute();
  await db.schema
    .createIndex("moderation_decisions_appeal_token")
    .on("moderation_decisions")
    .column("appeal_token_hash")
    .unique()
    .execute();

  await db.schema.alterTable("users").addColumn("suspended_until", "text").execute();
  await db.schema.alterTable("users").addColumn("banned_at", "text").execute();
  await db.schema.alterTable("profiles").addColumn("hidden_at", "text").execute();
  await db.schema.alterTable("messages").addColumn("hidden_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("hidden_at").execute();
  await db.schema.alterTable("profiles").dropColumn("hidden_at").execute();
  await db.schema.alterTable("users").dropColumn("banned_at").execute();
  await db.schema.alterTable("users").dropColumn("suspended_until").execute();
  await db.schema.dropIndex("moderation_decisions_appeal_token").execute();
  for (const column of [
    "appeal_decision_id",
    "appeal_text",
    "appealed_at",
    "appeal_token_hash",
    "until",
    "explanation",
    "report_id",
  ])
    await db.schema.alterTable("moderation_decisions").dropColumn(column).execute();
  await db.schema.dropTable("report_filings").execute();
  await db.schema.dropIndex("reports_queue").execute();
  await db.schema.dropIndex("reports_open_subject").execute();
  await db.schema.dropTable("reports").execute();
}
