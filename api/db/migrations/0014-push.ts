import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../database";

const id = (db: Kysely<any>) => (c: ColumnDefinitionBuilder) =>
  isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement();

/**
 * Web push (docs/product.md §4.16): each member's push choices, their devices' subscriptions, and a channel on the
 * notification queue so that one event is mailed once and pushed once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["push_messages", "push_likes", "push_matches"])
    await db.schema
      .alterTable("users")
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(1))
      .execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", id(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The login it was made in: logging out (or any end of the session) ends this browser's pushes too.
    .addColumn("session_id", "integer", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    // The push service's address for this browser; a browser that subscribes again gets a new one.
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();

  await db.schema
    .alterTable("notification_queue")
    .addColumn("channel", "text", (c) => c.notNull().defaultTo("mail"))
    .execute();
  await db.schema.dropIndex("notification_queue_once").execute();
  await db.schema
    .createIndex("notification_queue_once")
    .on("notification_queue")
    .columns(["user_id", "event", "actor_id", "subject_id", "channel"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("notification_queue_once").execute();
  await db.deleteFrom("notification_queue").where("channel", "=", "push").execute();
  await db.schema.alterTable("notification_queue").dropColumn("channel").execute();
  await db.schema
    .createIndex("notification_queue_once")
    .on("notification_queue")
    .columns(["user_id", "event", "actor_id", "subject_id"])
    .unique()
    .execute();
  await db.schema.dropTable("push_subscriptions").execute();
  for (const column of ["push_matches", "push_likes", "push_messages"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
