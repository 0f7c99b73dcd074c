import { nowIso, type Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { cardColumns, visibleProfiles } from "../members/members.repository";
import { toCard } from "../members/members.service";

/**
 * Likes a visible member (SPEC §2). Liking twice changes nothing. Answers whether the like is mutual: a match.
 */
export async function like(db: Db, site: SiteRow, viewer: UserRow, id: number, source: "profile" | "swipe" = "profile") {
  const target = await visibleProfiles(db, site.id, viewer.id).where("users.id", "=", id).select("users.id").executeTakeFirst();
  if (!target) throw new ApiError(404, "not_found", "This profile does not exist");
  // Two likes racing each other: the second insert finds the row and does nothing.
  await db.insertInto("likes").values({ liker_id: viewer.id, liked_id: id, created_at: nowIso(), source })
    .onConflict((oc) => oc.columns(["liker_id", "liked_id"]).doNothing()).execute();
  return { liked: true, match: await likes(db, id, viewer.id) };
}

export async function unlike(db: Db, viewer: UserRow, id: number) {
  await db.deleteFrom("likes").where("liker_id", "=", viewer.id).where("liked_id", "=", id).execute();
  return { liked: false, match: false };
}

async function likes(db: Db, liker: number, liked: number) {
  return Boolean(await db.selectFrom("likes").select("liker_id").where("liker_id", "=", liker).where("liked_id", "=", liked).executeTakeFirst());
}

/** Likes given and received (SPEC §3 likes response), both only of members the viewer may see; new first. */
export async function likesOf(db: Db, site: SiteRow, viewer: UserRow) {
  const [given, received] = await Promise.all([
    visibleProfiles(db, site.id, viewer.id)
      .innerJoin("likes", (j) => j.onRef("likes.liked_id", "=", "users.id").on("likes.liker_id", "=", viewer.id))
      .select([...cardColumns, "likes.created_at as liked_at"])
      .orderBy("likes.created_at", "desc")
      .execute(),
    visibleProfiles(db, site.id, viewer.id)
      .innerJoin("likes", (j) => j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewer.id))
      .select([...cardColumns, "likes.created_at as liked_at", "likes.like_new"])
      .orderBy("likes.like_new", "desc")
      .orderBy("likes.created_at", "desc")
      .execute(),
  ]);
  return {
    profiles: given.map((row) => ({ ...toCard(site, row), liked_at: row.liked_at })),
    liked_by: received.map((row) => ({ ...toCard(site, row), like_new: row.like_new === 1, liked_at: row.liked_at })),
  };
}

/** New likes from members the viewer may see: the top bar's badge. */
export async function newLikesCount(db: Db, site: SiteRow, viewerId: number): Promise<number> {
  const row = await visibleProfiles(db, site.id, viewerId)
    .innerJoin("likes", (j) => j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewerId))
    .where("likes.like_new", "=", 1)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The auto-like notice (SPEC §4): a member who really liked the viewer and whose like has not been shown this
 * way yet; never an invented like. Marks it shown.
 */
export async function nextAutoLike(db: Db, site: SiteRow, viewer: UserRow) {
  const row = await visibleProfiles(db, site.id, viewer.id)
    .innerJoin("likes", (j) => j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewer.id))
    .where("likes.auto_shown_at", "is", null)
    .select(["users.id", "profiles.name", "photos.filename"])
    .orderBy("likes.created_at", "desc")
    .executeTakeFirst();
  if (!row) return null;
  await db.updateTable("likes").set({ auto_shown_at: nowIso() }).where("liker_id", "=", row.id).where("liked_id", "=", viewer.id).execute();
  return { id: row.id, name: row.name, main_image: row.filename ? { match: `${site.cdn_prefix}/${row.filename}` } : null };
}
