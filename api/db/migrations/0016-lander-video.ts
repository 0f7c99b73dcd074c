import type { Kysely } from "kysely";

/**
 * The niche landers' video (docs/product.md §2.25): a site's video and its poster, paths on the site or its CDN.
 * Empty on existing sites: their video landers show the poster-less fallback until one is set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sites").addColumn("lander_video_url", "text").execute();
  await db.schema.alterTable("sites").addColumn("lander_video_poster", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sites").dropColumn("lander_video_poster").execute();
  await db.schema.alterTable("sites").dropColumn("lander_video_url").execute();
}
