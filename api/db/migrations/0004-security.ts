import type { Kysely } from "kysely";

/**
 * Safe by default: wrong-password counters per account and address, idle session expiry, and each site's
 * canonical origin for mailed links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (account, address), and one per account with address '*' for guesses from everywhere.
  await db.schema
    .createTable("login_failures")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("blocked_until", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("login_failures_pk", ["user_id", "address"])
    .execute();

  await db.schema.alterTable("sessions").addColumn("last_used_at", "text").execute();
  await db
    .updateTable("sessions")
    .set((eb) => ({ last_used_at: eb.ref("created_at") }))
    .execute();

  // Where links in mails point, e.g. https://example.com; null means https://{domain}.
  await db.schema.alterTable("sites").addColumn("origin", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sites").dropColumn("origin").execute();
  await db.schema.alterTable("sessions").dropColumn("last_used_at").execute();
  await db.schema.dropTable("login_failures").execute();
}
