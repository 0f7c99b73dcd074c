import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import { birthDateRange, cardColumns, type SearchFilters, visibleProfiles } from "../members/members.repository";

/** Whom a niche features, in profile fields (docs/product.md §2.25); an empty audience is every member. */
export interface NicheAudience extends Pick<SearchFilters, "gender" | "min_age" | "max_age"> {
  /** Only members who show their orientation on their profile, and it is one of these. */
  publicSexualities?: ("gay" | "bi")[];
  bodyTypes?: string[];
}

/** Visible members of the audience (see visibleProfiles): never a hidden, invisible or barred one. */
function audienceOf(db: DbOrTx, siteId: number, viewerId: number | null, audience: NicheAudience) {
  let query = visibleProfiles(db, siteId, viewerId);
  if (audience.gender) query = query.where("profiles.gender", "=", audience.gender);
  if (audience.publicSexualities)
    query = query
      .where("profiles.sexuality_public", "=", 1)
      .where("profiles.sexuality", "in", audience.publicSexualities);
  if (audience.bodyTypes) query = query.where("profiles.body_type", "in", audience.bodyTypes);
  const { bornOnOrBefore, bornAfter } = birthDateRange(audience.min_age, audience.max_age);
  if (bornOnOrBefore) query = query.where("profiles.date_of_birth", "<=", bornOnOrBefore);
  if (bornAfter) query = query.where("profiles.date_of_birth", ">", bornAfter);
  return query;
}

/** A lander's members: the audience's members with a photo, the most recently active first. */
export function listLanderMembers(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  audience: NicheAudience,
  limit: number,
) {
  return audienceOf(db, siteId, viewerId, audience)
    .where("photos.filename", "is not", null)
    .select([...cardColumns, "profiles.about", "users.language as about_language"])
    .orderBy("users.last_seen_at", "desc")
    .orderBy("users.id")
    .limit(limit)
    .execute();
}

/** How many of the audience's members were seen since a moment: a count, never who. */
export async function countActiveSince(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  audience: NicheAudience,
  since: string,
) {
  const row = await audienceOf(db, siteId, viewerId, audience)
    .where("users.last_seen_at", ">=", since)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The audience's members per region of one country. */
export function countMembersByRegion(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  audience: NicheAudience,
  country: string,
) {
  return audienceOf(db, siteId, viewerId, audience)
    .where("profiles.country", "=", country)
    .where("profiles.region", "is not", null)
    .select(["profiles.region", sql<number>`count(*)`.as("members")])
    .groupBy("profiles.region")
    .execute();
}

/** A country's regions by name. */
export function listCountryRegions(db: DbOrTx, country: string) {
  return db.selectFrom("regions").select(["code", "name"]).where("country", "=", country).orderBy("name").execute();
}
