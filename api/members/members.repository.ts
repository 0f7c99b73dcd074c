import type { Db } from "../db/database";

/**
 * Profiles other members may see: active accounts with an active profile, not invisible, never the viewer.
 * Every member list starts here, so a hidden or pending-deletion account cannot leak into one.
 */
export function visibleProfiles(db: Db, siteId: number, viewerId: number | null) {
  let query = db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .leftJoin("photos", (join) =>
      join.onRef("photos.user_id", "=", "users.id").on("photos.is_main", "=", 1).on("photos.status", "=", "active"))
    .where("users.site_id", "=", siteId)
    .where("users.status", "=", "active")
    .where("profiles.status", "=", "active")
    .where("profiles.invisible", "=", 0);
  if (viewerId !== null) query = query.where("users.id", "!=", viewerId);
  return query;
}

/** Suggestions right after signup: the genders the member looks for, their own country first, with photos. */
export function signupMatches(db: Db, siteId: number, viewerId: number, genders: ("male" | "female")[], country: string, limit: number) {
  return visibleProfiles(db, siteId, viewerId)
    .where("profiles.gender", "in", genders)
    .select(cardColumns)
    .orderBy((eb) => eb.case().when("profiles.country", "=", country).then(0).else(1).end())
    .orderBy((eb) => eb.case().when("photos.filename", "is not", null).then(0).else(1).end())
    .orderBy("users.last_seen_at", "desc")
    .limit(limit)
    .execute();
}

export interface CardRow {
  id: number;
  name: string;
  gender: "male" | "female";
  date_of_birth: string;
  city: string | null;
  region: string | null;
  country: string;
  fictional: number;
  filename: string | null;
  thumb_filename: string | null;
}

export const cardColumns = [
  "users.id", "profiles.name", "profiles.gender", "profiles.date_of_birth", "profiles.city", "profiles.region",
  "profiles.country", "profiles.fictional", "photos.filename", "photos.thumb_filename",
] as const;

