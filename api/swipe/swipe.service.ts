import { swipeLikesPerDay } from "../../contract/members";
import { nowIso, type Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { findProfile } from "../accounts/accounts.repository";
import { like } from "../likes/likes.service";
import { cardColumns, visibleProfiles } from "../members/members.repository";
import { soughtGenders, toCard } from "../members/members.service";

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** When the day's swipe likes come back: the next midnight (UTC). */
export function nextReset(now = new Date()) {
  return new Date(startOfDay(now).getTime() + 86400_000).toISOString();
}

async function likesLeftToday(db: Db, viewer: UserRow, now: Date) {
  const row = await db.selectFrom("likes").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("liker_id", "=", viewer.id).where("source", "=", "swipe").where("created_at", ">=", startOfDay(now).toISOString())
    .executeTakeFirstOrThrow();
  return Math.max(0, swipeLikesPerDay - Number(row.n));
}

/** The swipe game's next profile: sought gender, not yet liked or skipped, recently online first. */
export async function nextSwipe(db: Db, site: SiteRow, viewer: UserRow, now = new Date()) {
  const own = await findProfile(db, viewer.id);
  const row = await visibleProfiles(db, site.id, viewer.id)
    .where("profiles.gender", "in", soughtGenders(own))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("likes").select("likes.liker_id").where("likes.liker_id", "=", viewer.id).whereRef("likes.liked_id", "=", "users.id"))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom("swipe_skips").select("swipe_skips.user_id").where("swipe_skips.user_id", "=", viewer.id).whereRef("swipe_skips.profile_id", "=", "users.id"))))
    .select([...cardColumns, "profiles.about"])
    .orderBy((eb) => eb.case().when("profiles.country", "=", own.country).then(0).else(1).end())
    .orderBy("users.last_seen_at", "desc")
    .executeTakeFirst();
  return {
    profile: row ? { ...toCard(site, row), about: row.about } : null,
    likes_left: await likesLeftToday(db, viewer, now),
    next_reset: nextReset(now),
  };
}

/** Like (4 a day, SPEC §9) or skip the shown profile. */
export async function swipe(db: Db, site: SiteRow, viewer: UserRow, id: number, action: "like" | "skip", now = new Date()) {
  if (action === "skip") {
    const exists = await db.selectFrom("swipe_skips").select("user_id").where("user_id", "=", viewer.id).where("profile_id", "=", id).executeTakeFirst();
    if (!exists) await db.insertInto("swipe_skips").values({ user_id: viewer.id, profile_id: id, created_at: nowIso() }).execute();
    return { match: false, likes_left: await likesLeftToday(db, viewer, now) };
  }
  const left = await likesLeftToday(db, viewer, now);
  if (left <= 0) {
    throw new ApiError(429, "swipe_limit", "No likes left today", { next_reset: nextReset(now) });
  }
  const { match } = await like(db, site, viewer, id, "swipe");
  return { match, likes_left: left - 1 };
}
