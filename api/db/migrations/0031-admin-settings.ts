import { type Kysely, sql } from "kysely";

/**
 * Issue 33, the admin's credit bundles and discount codes (docs/product.md §6.9):
 * - `credit_bundles.retired_at`: a bundle taken off sale; kept, since payments name it.
 * - `discount_codes.site_id`: the site a code for everyone belongs to (null: the older codes, any site);
 *   `max_uses`: how many paid payments may use it (null: no limit); `disabled_at`: turned off by an admin.
 * - One code for everyone per site and name: two admins creating the same code at once make it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("credit_bundles").addColumn("retired_at", "text").execute();
  await db.schema
    .alterTable("discount_codes")
    .addColumn("site_id", "integer", (c) => c.references("sites.id"))
    .execute();
  await db.schema.alterTable("discount_codes").addColumn("max_uses", "integer").execute();
  await db.schema.alterTable("discount_codes").addColumn("disabled_at", "text").execute();
  await sql`create unique index discount_codes_site_shared on discount_codes (site_id, code) where user_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index discount_codes_site_shared`.execute(db);
  await db.schema.alterTable("discount_codes").dropColumn("disabled_at").execute();
  await db.schema.alterTable("discount_codes").dropColumn("max_uses").execute();
  await db.schema.alterTable("discount_codes").dropColumn("site_id").execute();
  await db.schema.alterTable("credit_bundles").dropColumn("retired_at").execute();
}
