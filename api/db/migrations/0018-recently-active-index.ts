import type { Kysely } from "kysely";

/**
 * The members of a site by when they were last seen, newest first: the order in which the home page, the landers
 * and the swipe lander take their few cards (api/niche-landers/niche-landers.repository.ts). Without it, every such
 * page read and sorted all of a site's members to show six of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("users_recently_active")
    .on("users")
    .columns(["site_id", "last_seen_at desc", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_recently_active").execute();
}
