import { sql } from "kysely";
import { type LikesList, likesCountCap } from "../../contract/likes";
import { type DbOrTx, isPostgres, type Tx } from "../db/database";
import { cardColumns, visibleMembers, visibleProfiles } from "../members/members.repository";

/** Liking twice, or two likes racing each other: the second insert finds the row and does nothing. */
export function insertLike(db: DbOrTx, likerId: number, likedId: number, source: "profile" | "swipe", at: string) {
  return db
    .insertInto("likes")
    .values({ liker_id: likerId, liked_id: likedId, created_at: at, source })
    .onConflict((oc) => oc.columns(["liker_id", "liked_id"]).doNothing())
    .execute();
}

export function deleteLike(db: DbOrTx, likerId: number, likedId: number) {
  return db.deleteFrom("likes").where("liker_id", "=", likerId).where("liked_id", "=", likedId).execute();
}

/**
 * Holds two members' likes of each other until the transaction ends, so that two likes crossing both see the match.
 * SQLite runs one writing transaction at a time; on PostgreSQL neither would see the other's uncommitted like. A
 * two-key advisory lock (the pair, lower id first): its keys cannot meet the one-key locks (the seed's).
 */
export async function lockPair(trx: Tx, a: number, b: number) {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int4, ${Math.max(a, b)}::int4)`.execute(trx);
}

/** Sets whether the likes between two members, either way, are mutual (a match): the matches tab reads this flag. */
export function setMutual(db: DbOrTx, a: number, b: number, mutual: boolean) {
  return db
    .updateTable("likes")
    .set({ mutual: mutual ? 1 : 0 })
    .where((eb) =>
      eb.or([
        eb.and([eb("liker_id", "=", a), eb("liked_id", "=", b)]),
        eb.and([eb("liker_id", "=", b), eb("liked_id", "=", a)]),
      ]),
    )
    .execute();
}

export async function likeExists(db: DbOrTx, likerId: number, likedId: number) {
  return Boolean(
    await db
      .selectFrom("likes")
      .select("liker_id")
      .where("liker_id", "=", likerId)
      .where("liked_id", "=", likedId)
      .executeTakeFirst(),
  );
}

/** The likes between two members, either way. */
export function listLikesBetween(db: DbOrTx, a: number, b: number) {
  return db
    .selectFrom("likes")
    .select(["liker_id", "liked_id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("liker_id", "=", a), eb("liked_id", "=", b)]),
        eb.and([eb("liker_id", "=", b), eb("liked_id", "=", a)]),
      ]),
    )
    .execute();
}

/** Clears the new flag of one like. */
export function markLikeSeen(db: DbOrTx, likerId: number, likedId: number) {
  return db
    .updateTable("likes")
    .set({ like_new: 0 })
    .where("liker_id", "=", likerId)
    .where("liked_id", "=", likedId)
    .execute();
}

/**
 * The members of one likes list whom the viewer may see (docs/product.md §2 likes): who liked the viewer (received),
 * whom the viewer liked (given), or both at once (matches). Each row has its like: given, the viewer's; else the other's.
 * Matches are the likes received flagged mutual (migration 0041), read from their own index: `mutual = 1` is written as
 * a literal, since neither database may use a partial index for a parameter.
 * Without the members' photos: the counts need none (see visibleMembers), a page adds them.
 */
function likesList(db: DbOrTx, siteId: number, viewerId: number, list: LikesList) {
  const members = visibleMembers(db, siteId, viewerId);
  if (list === "given")
    return members.innerJoin("likes", (j) =>
      j.onRef("likes.liked_id", "=", "users.id").on("likes.liker_id", "=", viewerId),
    );
  const received = members.innerJoin("likes", (j) =>
    j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewerId),
  );
  if (list === "received") return received;
  return received.where("likes.mutual", "=", sql.lit(1));
}

/**
 * One page of a likes list: received and matches new first, then newest; given newest first. Each list is read in the
 * order of its index (likes received: likes_received_order, migration 0040; matches and given: likes_matches_order and
 * likes_given_order, 0041), so a page reads its own rows and no more.
 */
export function listLikes(
  db: DbOrTx,
  siteId: number,
  viewerId: number,
  list: LikesList,
  page: { limit: number; offset: number },
) {
  const query = likesList(db, siteId, viewerId, list)
    .leftJoin("photos", (join) =>
      join.onRef("photos.user_id", "=", "users.id").on("photos.is_main", "=", 1).on("photos.status", "=", "active"),
    )
    .select([...cardColumns, "likes.created_at as liked_at", "likes.like_new"]);
  const ordered =
    list === "given"
      ? query.orderBy("likes.created_at", "desc").orderBy("likes.liked_id", "desc")
      : query.orderBy("likes.like_new", "desc").orderBy("likes.created_at", "desc").orderBy("likes.liker_id", "desc");
  return ordered.limit(page.limit).offset(page.offset).execute();
}

/** How many members a list of likes given or matches has, up to likesCountCap. */
export async function countLikes(
  db: DbOrTx,
  siteId: number,
  viewerId: number,
  list: "given" | "matches",
): Promise<number> {
  const members = likesList(db, siteId, viewerId, list).select("users.id").limit(likesCountCap);
  const row = await db
    .selectFrom(members.as("listed"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many members liked the viewer, and how many of those likes are new, each up to likesCountCap: one read of the
 * first likesCountCap likes received, new first (the order of likes_received_order), holds as many new ones as there
 * are up to the cap. A second count of the new ones read them all again (500 on the issue 35 site).
 */
export async function countLikesReceived(
  db: DbOrTx,
  siteId: number,
  viewerId: number,
): Promise<{ received: number; fresh: number }> {
  const members = likesList(db, siteId, viewerId, "received")
    .select(["users.id", "likes.like_new"])
    .orderBy("likes.like_new", "desc")
    .limit(likesCountCap);
  const row = await db
    .selectFrom(members.as("listed"))
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.coalesce(eb.fn.sum<number>("listed.like_new"), eb.lit(0)).as("fresh"),
    ])
    .executeTakeFirstOrThrow();
  return { received: Number(row.n), fresh: Number(row.fresh) };
}

/** A badge shows "99+" above 99: new likes are counted no further than that needs. */
export const newLikesCountCap = 100;

/** New likes from members the viewer may see, up to newLikesCountCap: a popular member's thousands are not read on every page. */
export async function countNewLikes(db: DbOrTx, siteId: number, viewerId: number): Promise<number> {
  const newLikes = visibleMembers(db, siteId, viewerId)
    .innerJoin("likes", (j) => j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewerId))
    .where("likes.like_new", "=", 1)
    .select("users.id")
    .limit(newLikesCountCap);
  const row = await db
    .selectFrom(newLikes.as("new_likes"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest like of the viewer by a member they may see that the auto-like notice has not shown yet. */
export function findUnshownLike(db: DbOrTx, siteId: number, viewerId: number) {
  return visibleProfiles(db, siteId, viewerId)
    .innerJoin("likes", (j) => j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewerId))
    .where("likes.auto_shown_at", "is", null)
    .select(["users.id", "profiles.name", "photos.filename"])
    .orderBy("likes.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function markLikeShown(db: DbOrTx, likerId: number, likedId: number, at: string) {
  return db
    .updateTable("likes")
    .set({ auto_shown_at: at })
    .where("liker_id", "=", likerId)
    .where("liked_id", "=", likedId)
    .execute();
}

/** Likes a member gave from one source since a moment (the swipe game's daily count). */
export async function countLikesSince(
  db: DbOrTx,
  likerId: number,
  source: "profile" | "swipe",
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom("likes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("liker_id", "=", likerId)
    .where("source", "=", source)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
