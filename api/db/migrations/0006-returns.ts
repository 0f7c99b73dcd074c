import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { isPostgres } from "../database";

/**
 * Returns of unused credits (docs/product.md §1.3): one per purchase, with its state at the provider; and the colour
 * variant of the premium package overview that a site chooses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pk = (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", pk)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    // One return per purchase: a second request finds this row.
    .addColumn("payment_id", "integer", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits > 0`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    // Each try removes the credits under its own ledger key, and a failed try gives them back under its own.
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("provider_refund_id", "text")
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_user").on("refunds").column("user_id").execute();

  await db.schema
    .alterTable("sites")
    .addColumn("premium_variant", "text", (c) => c.notNull().defaultTo("p0"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sites").dropColumn("premium_variant").execute();
  await db.schema.dropTable("refunds").execute();
}
