import type { Kysely } from "kysely";

/**
 * Issue 32 (security, part B): wrong-password counters for e-mail addresses no account has, so that such an address
 * is locked out exactly as an account is (docs/product.md §4.4), and shared counters for limits that must hold
 * across every process of the site (a receipt to one address a day, lookups that say whether an address has an
 * account: docs/product.md §7.4).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // As login_failures, keyed by the address's hash instead of a member: no address anyone typed is kept.
  await db.schema
    .createTable("unknown_login_failures")
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id").onDelete("cascade"))
    .addColumn("email_hash", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("blocked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("unknown_login_failures_pk", ["site_id", "email_hash", "address"])
    .execute();

  // One fixed window per limit and key (e.g. "complaint_receipt" and an e-mail address's hash).
  await db.schema
    .createTable("limit_counters")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("window_ends", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("limit_counters_pk", ["scope", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("limit_counters").execute();
  await db.schema.dropTable("unknown_login_failures").execute();
}
