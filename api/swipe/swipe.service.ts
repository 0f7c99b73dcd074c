import { DAY } from "../../contract/durations";
import { swipeLikesPerDay } from "../../contract/members";
import { findProfile } from "../accounts/accounts.repository";
import { type Db, type DbOrTx, isPostgres, nowIso } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { countLikesSince } from "../likes/likes.repository";
import { addLike } from "../likes/likes.service";
import { isVisibleMember } from "../members/members.repository";
import { soughtGenders, toCard } from "../members/members.service";
import * as repo from "./swipe.repository";

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** When the day's swipe likes come back: the next midnight (UTC). */
export function nextReset(now = new Date()) {
  return new Date(startOfDay(now).getTime() + DAY).toISOString();
}

async function likesLeftToday(db: DbOrTx, viewer: UserRow, now: Date) {
  return Math.max(0, swipeLikesPerDay - (await countLikesSince(db, viewer.id, "swipe", startOfDay(now).toISOString())));
}

/** The swipe game's next profile: sought gender, not yet liked or skipped, recently online first. */
export async function nextSwipe(db: Db, site: SiteRow, viewer: UserRow, now = new Date()) {
  const own = await findProfile(db, viewer.id);
  const row = await repo.findNextSwipeProfile(db, site.id, viewer.id, soughtGenders(own), own.country);
  return {
    profile: row ? { ...toCard(site, row), about: row.about, about_language: row.about_language } : null,
    likes_left: await likesLeftToday(db, viewer, now),
    next_reset: nextReset(now),
  };
}

/**
 * Like (4 a day, docs/product.md §9) or skip the shown profile. The day's count and the like are one transaction that holds
 * the member's row, so parallel swipes cannot all pass the limit.
 */
export async function swipe(
  db: Db,
  site: SiteRow,
  viewer: UserRow,
  id: number,
  action: "like" | "skip",
  now = new Date(),
) {
  if (action === "skip") {
    if (!(await isVisibleMember(db, site.id, viewer.id, id)))
      throw new ApiError(404, "not_found", "This profile does not exist");
    await repo.insertSkip(db, viewer.id, id, nowIso());
    return { match: false, likes_left: await likesLeftToday(db, viewer, now) };
  }
  return db.transaction().execute(async (trx) => {
    // SQLite runs one transaction at a time; PostgreSQL needs the row lock.
    if (isPostgres(trx)) await repo.lockUser(trx, viewer.id);
    const left = await likesLeftToday(trx, viewer, now);
    if (left <= 0) {
      throw new ApiError(429, "swipe_limit", "No likes left today", { next_reset: nextReset(now) });
    }
    if (!(await isVisibleMember(trx, site.id, viewer.id, id)))
      throw new ApiError(404, "not_found", "This profile does not exist");
    const { match } = await addLike(trx, viewer, id, "swipe");
    return { match, likes_left: left - 1 };
  });
}
