import type { Kysely } from "kysely";

/**
 * Member landings (docs/product.md §2.21, §2.23). Pages about one member — the profile and the member landings — say
 * `noindex` and stay out of the sitemap unless the site chooses otherwise, so existing sites start private. A member
 * who signed up from another member's page or landing keeps who it was: after activation that member is the first
 * one to write to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sites")
    .addColumn("index_member_pages", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("signup_profile_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("signup_profile_id").execute();
  await db.schema.alterTable("sites").dropColumn("index_member_pages").execute();
}
