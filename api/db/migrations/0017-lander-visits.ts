import type { Kysely } from "kysely";

/**
 * Lander visits (docs/product.md §3.11, §6.7): a counter per day, site, lander, slug and traffic source, so that
 * the staff report can set visits beside signups. No person is in it: no address, no browser, no time of day.
 * Empty strings rather than nulls stand for "none", so that the unique index (the upsert's target) sees them as one
 * value on both databases. A member's activation gets its time, which the report counts activations by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lander_visits")
    .addColumn("site_id", "integer", (c) => c.notNull().references("sites.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("lander", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("network", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ref", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visits", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("lander_visits_pk", ["site_id", "day", "lander", "slug", "network", "ref"])
    .execute();

  await db.schema.alterTable("users").addColumn("activated_at", "text").execute();
  // Accounts activated before this column: the signup date is the best time known.
  await db
    .updateTable("users")
    .set((eb) => ({ activated_at: eb.ref("signup_date") }))
    .where("status", "=", "active")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("activated_at").execute();
  await db.schema.dropTable("lander_visits").execute();
}
