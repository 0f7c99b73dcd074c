import { swipeLikesPerDay } from "../../contract/members";
import { isPostgres, nowIso, type Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { findProfile } from "../accounts/accounts.repository";
import { like } from "../likes/likes.service";
import { cardColumns, visibleProfiles } from "../members/members.repository";
import { soughtGenders, toCard } from "../members/members.service";
import { DAY } from "../../contract/durations";

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** When the day's swipe likes come back: the next midnight (UTC). */
export function nextReset(now = new Date()) {
  return new Date(startOfDay(now).getTime() + DAY).toISOString();
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

/**
 * Like (4 a day, SPEC §9) or skip the shown profile. The day's count and the like are one transaction that holds
 * the member's row, so parallel swipes cannot all pass the limit.
 */
export async function swipe(db: Db, site: SiteRow, viewer: UserRow, id: number, action: "like" | "skip", now = new Date()) {
  if (action === "skip") {
    const target = await visibleProfiles(db, site.id, viewer.id).where("users.id", "=", id).select("users.id").executeTakeFirst();
    if (!target) throw new ApiError(404, "not_found", "This profile does not exist");
    await db.insertInto("swipe_skips").values({ user_id: viewer.id, profile_id: id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["user_id", "profile_id"]).doNothing()).execute();
    return { match: false, likes_left: await likesLeftToday(db, viewer, now) };
  }
  return db.transaction().execute(async (trx) => {
    // SQLite runs one transaction at a time; PostgreSQL needs the row lock.
    if (isPostgres(trx)) await trx.selectFrom("users").select("id").where("id", "=", viewer.id).forUpdate().execute();
    const left = await likesLeftToday(trx, viewer, now);
    if (left <= 0) {
      throw new ApiError(429, "swipe_limit", "No likes left today", { next_reset: nextReset(now) });
    }
    const { match } = await like(trx, site, viewer, id, "swipe");
    return { match, likes_left: left - 1 };
  });
}
