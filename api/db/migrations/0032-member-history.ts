import type { Kysely } from "kysely";
import { isPostgres } from "../database";

/**
 * Issue 33, the admin's member page: each login (time, address, device) and each mail sent (recipient, sender,
 * subject, time; never the body), kept for a bounded time (api/admin-members/member-history.ts) so that staff can
 * answer "I never got the mail" or "someone else logged in".
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = (c: any) => (isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("member_logins")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("member_logins_user").on("member_logins").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("member_logins_time").on("member_logins").column("created_at").execute();
  await db.schema
    .createTable("sent_mails")
    .addColumn("id", "integer", id)
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("from_address", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sent_mails_to").on("sent_mails").columns(["to_address", "created_at"]).execute();
  await db.schema.createIndex("sent_mails_time").on("sent_mails").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sent_mails").execute();
  await db.schema.dropTable("member_logins").execute();
}
