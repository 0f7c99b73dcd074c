import type { Kysely } from "kysely";
import { isPostgres } from "../database";

/**
 * Issue 33: the audit log. One row per staff action (admin or moderator): who, when, from which address, what, on
 * which member or record, the reason given, and the value before and after as JSON text. Rows are only ever added.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_actions")
    .addColumn("id", "integer", (c) =>
      isPostgres(db) ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    .addColumn("staff_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_user_id", "integer")
    .addColumn("target_ref", "text")
    .addColumn("reason", "text")
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .addColumn("address", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_actions_site_time")
    .on("staff_actions")
    .columns(["site_id", "created_at"])
    .execute();
  await db.schema.createIndex("staff_actions_target").on("staff_actions").columns(["target_user_id"]).execute();
  await db.schema.createIndex("staff_actions_staff").on("staff_actions").columns(["staff_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_actions").execute();
}
