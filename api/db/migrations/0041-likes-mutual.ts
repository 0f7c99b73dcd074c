import { type Kysely, sql } from "kysely";

/**
 * Issue 35, costs flat as the site grows (docs/architecture.md "Member search at scale"): whether a like is mutual,
 * stored on both likes of a match and kept by like and unlike in their transaction, so that the matches tab reads its
 * page in order from its own index instead of testing every like given and sorting the matches; and the likes given in
 * the order the tab shows them, newest first, so that a page of them reads its 24 rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("likes")
    .addColumn("mutual", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update likes set mutual = 1 where exists (
    select 1 from likes as back where back.liker_id = likes.liked_id and back.liked_id = likes.liker_id)`.execute(db);
  // Partial: only matches are in it. A query uses it when it says `mutual = 1` as a literal, not a parameter.
  await db.schema
    .createIndex("likes_matches_order")
    .on("likes")
    .columns(["liked_id", "like_new", "created_at", "liker_id"])
    .where(sql.ref("mutual"), "=", sql.lit(1))
    .execute();
  await db.schema
    .createIndex("likes_given_order")
    .on("likes")
    .columns(["liker_id", "created_at", "liked_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("likes_given_order").execute();
  await db.schema.dropIndex("likes_matches_order").execute();
  await db.schema.alterTable("likes").dropColumn("mutual").execute();
}
