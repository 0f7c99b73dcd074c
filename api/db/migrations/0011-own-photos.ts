import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../database";

/**
 * Members' own photos and their moderation (docs/product.md §2.20, §6.7): an order of their own, the reason a
 * moderator gave for a rejection, the moderator role, and a log of every moderation decision (who, when, why).
 * A site may publish new photos at once (`photo_moderation` 0) or only once a moderator approved them (1).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("photos")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("photos").addColumn("rejection_reason", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("member"))
    .execute();
  await db.schema
    .alterTable("sites")
    .addColumn("photo_moderation", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("moderation_decisions")
    .addColumn("id", "integer", (c: ColumnDefinitionBuilder) =>
      isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // No foreign keys: the log outlives the accounts it names (a purged member, a moderator who left).
    .addColumn("moderator_id", "integer", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("member_id", "integer", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photos_pending").on("photos").columns(["status", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("photos_pending").execute();
  await db.schema.dropTable("moderation_decisions").execute();
  await db.schema.alterTable("sites").dropColumn("photo_moderation").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
  await db.schema.alterTable("photos").dropColumn("rejection_reason").execute();
  await db.schema.alterTable("photos").dropColumn("position").execute();
}
