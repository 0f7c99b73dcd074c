import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../database";

const id = (db: Kysely<any>) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement();

/**
 * Notification mails (docs/product.md §4.16): each member's choices, and a queue of what happened to them, sent off
 * the request path once per event. `mail_token` is the secret of their unsubscribe links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("email_messages", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_likes", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_matches", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("quiet_hours", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
  await db.schema.alterTable("users").addColumn("mail_token", "text").execute();
  await db.schema.createIndex("users_mail_token").on("users").column("mail_token").unique().execute();

  await db.schema
    .createTable("notification_queue")
    .addColumn("id", "integer", id(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull())
    // Who did it: the sender, the liker, the match.
    .addColumn("actor_id", "integer", (c) => c.notNull())
    // The message for a message; 0 for a like or match (one per pair).
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("done_at", "text")
    // sent, or why not: read, batched (a mail about the same sender went within the hour), preference, disabled,
    // inactive.
    .addColumn("outcome", "text")
    .execute();
  // Once per event, however often it is queued.
  await db.schema
    .createIndex("notification_queue_once")
    .on("notification_queue")
    .columns(["user_id", "event", "actor_id", "subject_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("notification_queue_due")
    .on("notification_queue")
    .columns(["done_at", "due_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notification_queue").execute();
  await db.schema.dropIndex("users_mail_token").execute();
  for (const column of ["mail_token", "time_zone", "quiet_hours", "email_matches", "email_likes", "email_messages"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
