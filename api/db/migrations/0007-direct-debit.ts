import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { isPostgres } from "../database";

/**
 * SEPA direct debit (docs/product.md §4): a member's request with its mandate details and SMS code, the block a
 * member can be under, and each site's limit per 30 days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pk = (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .alterTable("users")
    .addColumn("direct_debit_blocked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // In the member's currency's cents, per 30 days.
  await db.schema
    .alterTable("sites")
    .addColumn("direct_debit_limit_cents", "integer", (c) => c.notNull().defaultTo(10000))
    .execute();

  await db.schema
    .createTable("direct_debit_requests")
    .addColumn("id", "integer", pk)
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("bundle_id", "integer", (c) => c.notNull().references("credit_bundles.id"))
    .addColumn("credits", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("original_amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("discount_code_id", "integer", (c) => c.references("discount_codes.id"))
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("postcode", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payment_id", "integer", (c) => c.references("payments.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("direct_debit_requests_idempotency")
    .on("direct_debit_requests")
    .columns(["user_id", "idempotency_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("direct_debit_requests_phone")
    .on("direct_debit_requests")
    .columns(["phone", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("direct_debit_requests").execute();
  await db.schema.alterTable("sites").dropColumn("direct_debit_limit_cents").execute();
  await db.schema.alterTable("users").dropColumn("direct_debit_blocked").execute();
}
