import { type Kysely, sql } from "kysely";

/**
 * The few banned or suspended accounts, found without reading every member (api/members/members.repository.ts
 * barredAccounts): the top bar's unread count, the chat list and every message sent ask for them. Partial, so the
 * many members who are neither take no room in them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("users_banned")
    .on("users")
    .column("banned_at")
    .where(sql.ref("banned_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("users_suspended")
    .on("users")
    .column("suspended_until")
    .where(sql.ref("suspended_until"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_suspended").execute();
  await db.schema.dropIndex("users_banned").execute();
}
