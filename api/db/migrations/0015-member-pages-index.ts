import type { Kysely } from "kysely";

/**
 * Search engines and members (docs/product.md §2.21): pages about one member — the profile and the member landings —
 * say `noindex` and stay out of the sitemap unless the site chooses otherwise, so existing sites start private.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sites")
    .addColumn("index_member_pages", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sites").dropColumn("index_member_pages").execute();
}
