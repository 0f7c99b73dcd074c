import { type LikesQuery, type LikesResponse, likesPageSize } from "../../contract/likes";
import { type Db, nowIso, type Tx } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { isVisibleMember } from "../members/members.repository";
import { toCard } from "../members/members.service";
import { queueNotification } from "../notifications/notifications.service";
import * as repo from "./likes.repository";

/**
 * Likes a visible member (docs/product.md §2). Liking twice changes nothing. Answers whether the like is mutual: a match.
 */
export async function like(db: Db, site: SiteRow, viewer: UserRow, id: number) {
  if (!(await isVisibleMember(db, site.id, viewer.id, id)))
    throw new ApiError(404, "not_found", "This profile does not exist");
  return db.transaction().execute((trx) => addLike(trx, viewer, id, "profile"));
}

/**
 * The like itself, in the caller's transaction with its own checks (the swipe game's daily likes), the member liked
 * being visible: the like, the match flag on both likes when the other likes back, and the notice.
 */
export async function addLike(trx: Tx, viewer: UserRow, id: number, source: "profile" | "swipe") {
  await repo.lockPair(trx, viewer.id, id);
  await repo.insertLike(trx, viewer.id, id, source, nowIso());
  const match = await repo.likeExists(trx, id, viewer.id);
  if (match) await repo.setMutual(trx, viewer.id, id, true);
  // The member liked (first, in a match) hears of it by mail if they wish; the liker sees the match on the page.
  await queueNotification(trx, { userId: id, event: match ? "match" : "like", actorId: viewer.id });
  return { liked: true, match };
}

/** Takes a like back; the other member's like of the viewer, if any, is no longer a match. */
export async function unlike(db: Db, viewer: UserRow, id: number) {
  await db.transaction().execute(async (trx) => {
    await repo.lockPair(trx, viewer.id, id);
    await repo.deleteLike(trx, viewer.id, id);
    await repo.setMutual(trx, viewer.id, id, false);
  });
  return { liked: false, match: false };
}

/**
 * One page of likes received, given or matches, only of members the viewer may see (docs/product.md §2 likes, §7
 * likes.php: paged, a change from the original contract), with every list's count for the tabs.
 */
export async function likesOf(
  db: Db,
  site: SiteRow,
  viewer: UserRow,
  { list, page }: LikesQuery,
): Promise<LikesResponse> {
  const [rows, { received, fresh }, given, matches] = await Promise.all([
    repo.listLikes(db, site.id, viewer.id, list, { limit: likesPageSize, offset: (page - 1) * likesPageSize }),
    repo.countLikesReceived(db, site.id, viewer.id),
    repo.countLikes(db, site.id, viewer.id, "given"),
    repo.countLikes(db, site.id, viewer.id, "matches"),
  ]);
  const counts = { received, given, matches, new: fresh };
  return {
    list,
    // A like given is never "new" to its giver: its flag is the other member's.
    profiles: rows.map((row) => ({
      ...toCard(site, row),
      like_new: list !== "given" && row.like_new === 1,
      liked_at: row.liked_at,
    })),
    page,
    pages: Math.max(1, Math.ceil(counts[list] / likesPageSize)),
    counts,
  };
}

/** New likes from members the viewer may see: the top bar's badge. */
export function newLikesCount(db: Db, site: SiteRow, viewerId: number): Promise<number> {
  return repo.countNewLikes(db, site.id, viewerId);
}

/**
 * The auto-like notice (docs/product.md §4): a member who really liked the viewer and whose like has not been shown this
 * way yet; never an invented like. Marks it shown.
 */
export async function nextAutoLike(db: Db, site: SiteRow, viewer: UserRow) {
  const row = await repo.findUnshownLike(db, site.id, viewer.id);
  if (!row) return null;
  await repo.markLikeShown(db, row.id, viewer.id, nowIso());
  return {
    id: row.id,
    name: row.name,
    main_image: row.filename ? { match: `${site.cdn_prefix}/${row.filename}` } : null,
  };
}
