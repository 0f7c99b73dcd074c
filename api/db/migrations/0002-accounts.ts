import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { isPostgres } from "../database";

/** Account lifecycle: one-time links, invites, discount codes, and the pending-deletion date. */
export async function up(db: Kysely<any>): Promise<void> {
  const pk = (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  // Activation, password reset, e-mail change and reactivation links: stored hashed, single use, expiring.
  await db.schema
    .createTable("account_tokens")
    .addColumn("id", "integer", pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("new_email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("account_tokens_user").on("account_tokens").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("invites")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("used_at", "text")
    .execute();

  // Discount codes (docs/product.md §3); the payments feature redeems them.
  await db.schema
    .createTable("discount_codes")
    .addColumn("id", "integer", pk)
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("country", "text")
    .addColumn("value_percentage", "real", (c) => c.notNull())
    .addColumn("currency", "text")
    .addColumn("minimum_order_value", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("validity", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paymentmethods", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("expires", "text")
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // One member holds a code once (TIMEBONUS25 is shared by name, validity once-per-user: docs/product.md §9).
    .addUniqueConstraint("discount_codes_user_code", ["user_id", "code"])
    .execute();

  await db.schema.alterTable("users").addColumn("deletion_requested_at", "text").execute();
  await db.schema.alterTable("users").addColumn("invited_with", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("invited_with").execute();
  await db.schema.alterTable("users").dropColumn("deletion_requested_at").execute();
  for (const table of ["discount_codes", "invites", "account_tokens"]) await db.schema.dropTable(table).execute();
}
