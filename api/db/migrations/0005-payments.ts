import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { isPostgres } from "../database";

/**
 * Payments: the credit bundles a site sells per currency, payments with their provider's id and state, the
 * sandbox provider's own payments, and ledger entries that carry an idempotency key and may be refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pk = (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  // A replayed movement (a webhook twice, a retried send) finds its first entry instead of moving credits again.
  await db.schema.alterTable("credit_ledger").addColumn("idempotency_key", "text").execute();
  await db.schema
    .alterTable("credit_ledger")
    .addColumn("refused", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("credit_ledger_idempotency")
    .on("credit_ledger")
    .columns(["user_id", "idempotency_key"])
    .unique()
    .execute();

  await db.schema
    .createTable("credit_bundles")
    .addColumn("id", "integer", pk)
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits > 0`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credit_bundles_site").on("credit_bundles").columns(["site_id", "currency"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", pk)
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("bundle_id", "integer", (c) => c.notNull().references("credit_bundles.id"))
    .addColumn("credits", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("original_amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_payment_id", "text")
    .addColumn("checkout_url", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("discount_code_id", "integer", (c) => c.references("discount_codes.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .execute();
  await db.schema
    .createIndex("payments_idempotency")
    .on("payments")
    .columns(["user_id", "idempotency_key"])
    .unique()
    .execute();
  await db.schema.createIndex("payments_provider_id").on("payments").column("provider_payment_id").unique().execute();
  await db.schema.createIndex("payments_status").on("payments").columns(["status", "created_at"]).execute();

  // The embedded test provider's side of a payment: what a real provider keeps on its own servers.
  await db.schema
    .createTable("sandbox_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("redirect_url", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("settles_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sandbox_payments").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropTable("credit_bundles").execute();
  await db.schema.dropIndex("credit_ledger_idempotency").execute();
  await db.schema.alterTable("credit_ledger").dropColumn("refused").execute();
  await db.schema.alterTable("credit_ledger").dropColumn("idempotency_key").execute();
}
