import type { Kysely } from "kysely";

/**
 * Issue 34, several processes on one database: a lease per periodic job (docs/operations.md "Several processes"),
 * so that one process runs it per period; and the sandbox provider's refunds by idempotency key, so that it answers
 * a repeated refund as a real provider does (the same refund, not a second one or a refusal) and can be asked about one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("sandbox_refunds")
    .addColumn("idempotency_key", "text", (c) => c.primaryKey())
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sandbox_refunds").execute();
  await db.schema.dropTable("job_leases").execute();
}
