import type { DbOrTx } from "../db/database";
import { cardColumns, visibleProfiles } from "../members/members.repository";

/**
 * The next profile of the swipe game: one of these genders the viewer may see and has neither liked nor skipped,
 * from their own country first, recently online first. Own country and the rest are two queries, each taking the
 * first in the recently-active index's order: one query ordered by "own country first" sorted every candidate of the
 * site for each card (150 ms with 30,000 members; docs/architecture.md, "Member search at scale").
 */
export async function findNextSwipeProfile(
  db: DbOrTx,
  siteId: number,
  viewerId: number,
  genders: ("male" | "female")[],
  country: string,
) {
  const unseen = visibleProfiles(db, siteId, viewerId)
    .where("profiles.gender", "in", genders)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("likes")
            .select("likes.liker_id")
            .where("likes.liker_id", "=", viewerId)
            .whereRef("likes.liked_id", "=", "users.id"),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("swipe_skips")
            .select("swipe_skips.user_id")
            .where("swipe_skips.user_id", "=", viewerId)
            .whereRef("swipe_skips.profile_id", "=", "users.id"),
        ),
      ),
    )
    .select([...cardColumns, "profiles.about", "users.language as about_language"]);
  // First among the site's most recently seen members, walked in that order and left at the first card: a card found
  // there is the one the whole read would find, since every member seen more recently is among them. Else the whole
  // read, which reads and sorts every sought member of the country: 2 ms with 30,000 members, growing with the site
  // (docs/architecture.md, "Member search at scale").
  const recentlySeen = db
    .selectFrom("users as seen")
    .select(["seen.id", "seen.last_seen_at"])
    .where("seen.site_id", "=", siteId)
    .orderBy("seen.last_seen_at", "desc")
    .orderBy("seen.id")
    .limit(swipeWindow)
    .as("recent");
  for (const part of [
    unseen.where("profiles.country", "=", country),
    unseen.where("profiles.country", "!=", country),
  ]) {
    const card =
      (await part
        .innerJoin(recentlySeen, "recent.id", "users.id")
        .orderBy("recent.last_seen_at", "desc")
        .orderBy("recent.id")
        .limit(1)
        .executeTakeFirst()) ??
      (await part.orderBy("users.last_seen_at", "desc").orderBy("users.id").limit(1).executeTakeFirst());
    if (card) return card;
  }
  return undefined;
}

/** How many of the site's most recently seen members the next swipe card is first looked for among. */
export const swipeWindow = 300;

/** Skipping twice, or two skips racing each other: the second insert finds the row and does nothing. */
export function insertSkip(db: DbOrTx, userId: number, profileId: number, at: string) {
  return db
    .insertInto("swipe_skips")
    .values({ user_id: userId, profile_id: profileId, created_at: at })
    .onConflict((oc) => oc.columns(["user_id", "profile_id"]).doNothing())
    .execute();
}

/** Holds the member's row until the transaction ends (PostgreSQL's select … for update). */
export function lockUser(db: DbOrTx, userId: number) {
  return db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
