import type { Kysely } from "kysely";

/**
 * Issue 35, costs flat as the site grows (docs/architecture.md "Member search at scale"): a member's likes received
 * in the order the likes page shows them, new first, then newest (the liker last, the page's tie-break). The top bar's
 * new-likes count reads only the new ones, and a page of likes received reads its 24 rows instead of sorting all of
 * them: with 10,000 likes received, either read every like on every page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("likes_received_order")
    .on("likes")
    .columns(["liked_id", "like_new", "created_at", "liker_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("likes_received_order").execute();
}
