import { type AliasedSelectQueryBuilder, type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Database } from "../db/schema";

/**
 * Accounts a moderator has banned, or suspended until a time still to come (docs/product.md §6.8): two searches of
 * small partial indexes (migration 0019). One query with an OR of the two would read every member of every site.
 */
export const barredAccounts = (db: DbOrTx, now: string = new Date().toISOString()) =>
  db
    .selectFrom("users")
    .select("users.id")
    .where("users.banned_at", "is not", null)
    .unionAll(db.selectFrom("users").select("users.id").where("users.suspended_until", ">", now));

/** Whether any of these accounts is banned or suspended (see barredAccounts). */
export async function anyBarred(db: DbOrTx, ids: number[]) {
  const found = await db
    .selectFrom(barredAccounts(db).as("barred"))
    .select("barred.id")
    .where("barred.id", "in", ids)
    .executeTakeFirst();
  return Boolean(found);
}

/**
 * Members a viewer may see: active accounts with an active profile, not invisible, never the viewer, and
 * nobody who blocked the viewer or whom the viewer blocked. Every member list and profile starts here, so a
 * hidden, blocked or pending-deletion account cannot leak into one (docs/product.md §6); nor a profile a moderator
 * hid, or a suspended or banned account (§6.8). Without the main photo: what counts need, one lookup fewer per member
 * (a member has one main photo at most, `setMain`, so the photo never changes a count).
 */
export function visibleMembers(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  options: { showBlockedByViewer?: boolean } = {},
) {
  let query = db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .where("users.site_id", "=", siteId)
    .where("users.status", "=", "active")
    .where("profiles.status", "=", "active")
    .where("profiles.invisible", "=", 0)
    .where("profiles.hidden_at", "is", null)
    .where("users.banned_at", "is", null)
    .where((eb) =>
      eb.or([eb("users.suspended_until", "is", null), eb("users.suspended_until", "<=", new Date().toISOString())]),
    );
  if (viewerId !== null) {
    // The viewer's blocks either way, read once per query: a test of each member (two lookups in blocks) cost as
    // much as the rest of a member's checks on lists that read up to 1,000 members (docs/architecture.md, "Member
    // search at scale"). Both ids are NOT NULL, so NOT IN has no null to trip on.
    const blockedByViewer = db
      .selectFrom("blocks")
      .select("blocks.blocked_id as id")
      .where("blocks.blocker_id", "=", viewerId);
    const blockersOfViewer = db
      .selectFrom("blocks")
      .select("blocks.blocker_id as id")
      .where("blocks.blocked_id", "=", viewerId);
    query = query.where("users.id", "!=", viewerId).where(
      "users.id",
      "not in",
      // The blocker may still open the profile they blocked, to unblock it; the blocked member never.
      options.showBlockedByViewer ? blockersOfViewer : blockersOfViewer.unionAll(blockedByViewer),
    );
  }
  return query;
}

/** The members a viewer may see (visibleMembers) with their main photo, if published: every list's cards. */
export function visibleProfiles(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  options: { showBlockedByViewer?: boolean } = {},
) {
  return visibleMembers(db, siteId, viewerId, options).leftJoin("photos", (join) =>
    join.onRef("photos.user_id", "=", "users.id").on("photos.is_main", "=", 1).on("photos.status", "=", "active"),
  );
}

export const cardColumns = [
  "users.id",
  "profiles.name",
  "profiles.gender",
  "profiles.date_of_birth",
  "profiles.city",
  "profiles.region",
  "profiles.country",
  "profiles.fictional",
  "photos.filename",
  "photos.thumb_filename",
] as const;

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

export interface SearchFilters {
  gender?: "male" | "female";
  country?: string;
  region?: string;
  min_age?: number;
  max_age?: number;
}

/** Dates of birth for an age range: born on or before `today - min` years, after `today - (max + 1)` years. */
export function birthDateRange(minAge: number | undefined, maxAge: number | undefined, today = new Date()) {
  const shift = (years: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
    return d.toISOString().slice(0, 10);
  };
  return {
    bornOnOrBefore: minAge !== undefined ? shift(minAge) : undefined,
    bornAfter: maxAge !== undefined ? shift(maxAge + 1) : undefined,
  };
}

/**
 * What a search's filters ask of a member. `ageByIndex: false` writes the age range so that no index can serve it:
 * for rows read in the users_recently_active index's order, where SQLite would otherwise read every member of the
 * range through profiles_search and sort them all (on 30,000 members, women aged 25 to 35: 26 ms against 0.7 ms).
 * Counting is better served by the index and keeps it.
 */
function filterConditions(
  filters: SearchFilters,
  excludeIds: number[],
  { ageByIndex }: { ageByIndex: boolean },
): Condition[] {
  const { bornOnOrBefore, bornAfter } = birthDateRange(filters.min_age, filters.max_age);
  const dateOfBirth = ageByIndex
    ? sql.ref<string>("profiles.date_of_birth")
    : sql<string>`${sql.ref("profiles.date_of_birth")} || ''`;
  const { gender, country, region } = filters;
  const conditions: (Condition | false)[] = [
    !!gender && ((eb) => eb("profiles.gender", "=", gender)),
    !!country && ((eb) => eb("profiles.country", "=", country)),
    !!region && ((eb) => eb("profiles.region", "=", region)),
    !!bornOnOrBefore && ((eb) => eb(dateOfBirth, "<=", bornOnOrBefore)),
    !!bornAfter && ((eb) => eb(dateOfBirth, ">", bornAfter)),
    excludeIds.length > 0 && ((eb) => eb("users.id", "not in", excludeIds)),
  ];
  return conditions.filter((condition) => condition !== false);
}

/** One condition on a member, for a query with or without the main photo. */
type Condition = (eb: ExpressionBuilder<Database, "users" | "profiles">) => Expression<SqlBool>;

/**
 * Search totals stop counting here: a count reads every match, and on a site of 30,000 members that alone took 30 ms
 * of a search's 100 (docs/architecture.md, "Member search at scale"). Beyond it a search says "more than 1,000".
 */
export const searchCountCap = 1000;

/**
 * One page of a search, favouring members with a photo who were online recently, and the total (at most
 * `searchCountCap`; `capped` when there are more). Members with a photo and those without are read apart, each in
 * the order of the users_recently_active index, so a page reads only as many members as it shows instead of
 * sorting every match; those without a photo follow once the others run out.
 */
export async function searchProfiles(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  filters: SearchFilters,
  page: number,
  perPage: number,
  excludeIds: number[] = [],
) {
  const matching = (ageByIndex: boolean) => {
    let query = visibleProfiles(db, siteId, viewerId);
    for (const condition of filterConditions(filters, excludeIds, { ageByIndex })) query = query.where(condition);
    return query;
  };
  const base = matching(true);
  const inRecentOrder = matching(false);
  // The total needs no photo (see visibleMembers): up to 1,001 members, one lookup fewer each.
  let allMatches = visibleMembers(db, siteId, viewerId);
  for (const condition of filterConditions(filters, excludeIds, { ageByIndex: true }))
    allMatches = allMatches.where(condition);
  const withPhoto = base.where("photos.filename", "is not", null);
  const recentFirst = (query: typeof base, offset: number, limit: number) =>
    query
      .select(cardColumns)
      .orderBy("users.last_seen_at", "desc")
      .orderBy("users.id")
      .limit(limit)
      .offset(offset)
      .execute();
  const countOf = async (matches: AliasedSelectQueryBuilder<{ id: number }, "matches">) => {
    const row = await db
      .selectFrom(matches)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const offset = (page - 1) * perPage;
  const [rows, counted] = await Promise.all([
    recentFirst(inRecentOrder.where("photos.filename", "is not", null), offset, perPage),
    countOf(
      allMatches
        .select("users.id")
        .limit(searchCountCap + 1)
        .as("matches"),
    ),
  ]);
  if (rows.length < perPage) {
    // The members with a photo end before this page does: how many there are, then those without one.
    const photoTotal =
      rows.length > 0 || offset === 0
        ? offset + rows.length
        : await countOf(withPhoto.select("users.id").limit(offset).as("matches"));
    const withoutPhoto = inRecentOrder.where("photos.filename", "is", null);
    rows.push(...(await recentFirst(withoutPhoto, Math.max(0, offset - photoTotal), perPage - rows.length)));
  }
  return { rows, total: Math.min(counted, searchCountCap), capped: counted > searchCountCap };
}

/**
 * Suggestions right after signup: the genders the member looks for, their own country first, with photos, most
 * recently seen. Four parts in that order, each read in the recently-active index's order and only while places are
 * left (one query sorting every sought member took 65 ms with 30,000 members).
 */
export async function signupMatches(
  db: DbOrTx,
  siteId: number,
  viewerId: number,
  genders: ("male" | "female")[],
  country: string,
  limit: number,
) {
  const sought = visibleProfiles(db, siteId, viewerId)
    .where("profiles.gender", "in", genders)
    .select(cardColumns)
    .orderBy("users.last_seen_at", "desc")
    .orderBy("users.id");
  const near = sought.where("profiles.country", "=", country);
  const far = sought.where("profiles.country", "!=", country);
  const parts = [near, far].flatMap((part) => [
    part.where("photos.filename", "is not", null),
    part.where("photos.filename", "is", null),
  ]);
  const rows: CardRow[] = [];
  for (const part of parts) {
    if (rows.length === limit) break;
    rows.push(...(await part.limit(limit - rows.length).execute()));
  }
  return rows;
}

/** Whether the viewer may see this member (see visibleProfiles). */
export async function isVisibleMember(
  db: DbOrTx,
  siteId: number,
  viewerId: number,
  id: number,
  options: { showBlockedByViewer?: boolean } = {},
) {
  return Boolean(
    await visibleProfiles(db, siteId, viewerId, options)
      .where("users.id", "=", id)
      .select("users.id")
      .executeTakeFirst(),
  );
}

/** A profile with what its page shows; one the viewer blocked included, so they can unblock it. */
export function findProfilePage(db: DbOrTx, siteId: number, viewerId: number | null, id: number) {
  return visibleProfiles(db, siteId, viewerId, { showBlockedByViewer: true })
    .where("users.id", "=", id)
    .select([
      ...cardColumns,
      "profiles.about",
      "users.language as about_language",
      "profiles.sexuality",
      "profiles.sexuality_public",
      "profiles.hair_colour",
      "profiles.eye_colour",
      "profiles.body_type",
      "profiles.relationship_status",
      "profiles.tattoos",
    ])
    .executeTakeFirst();
}

/** A member landing's card and about-me: the viewer may see the member, or nothing (see visibleProfiles). */
export function findLandingProfile(db: DbOrTx, siteId: number, viewerId: number | null, id: number) {
  return visibleProfiles(db, siteId, viewerId)
    .where("users.id", "=", id)
    .select([...cardColumns, "profiles.about", "users.language as about_language"])
    .executeTakeFirst();
}

/** Members the viewer may see who have a published main photo, the most recently active first. */
export function listWithPhoto(db: DbOrTx, siteId: number, viewerId: number | null, limit: number) {
  return visibleProfiles(db, siteId, viewerId)
    .where("photos.id", "is not", null)
    .select(cardColumns)
    .orderBy("users.last_seen_at", "desc")
    .orderBy("users.id")
    .limit(limit)
    .execute();
}

/** Those of the members named whom the viewer may see and who have a photo, in no particular order. */
export function listWithPhotoAmong(db: DbOrTx, siteId: number, viewerId: number | null, ids: number[]) {
  return visibleProfiles(db, siteId, viewerId)
    .where("photos.id", "is not", null)
    .where("users.id", "in", ids)
    .select(cardColumns)
    .execute();
}

/** A member's active photos, the main one first. */
export function listActivePhotos(db: DbOrTx, userId: number) {
  return db
    .selectFrom("photos")
    .select(["id", "filename", "thumb_filename"])
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .orderBy("is_main", "desc")
    .orderBy("id")
    .execute();
}

/**
 * Profiles like another one (same gender and country), recently online first. First among the site's
 * `relatedWindowPerProfile × limit` most recently seen members (an index's first entries): when those hold enough, no
 * member seen less recently can come before them, so the answer is the same as from all of them, without reading and
 * sorting every member of the gender and country (1,400 on a site of 30,000: 11 ms against 1 ms). Else, for a
 * rarer gender and country, all of them, which are then few (docs/architecture.md, "Member search at scale").
 */
export async function listRelatedProfiles(
  db: DbOrTx,
  siteId: number,
  viewerId: number | null,
  like: { id: number; gender: "male" | "female"; country: string },
  limit: number,
) {
  const related = visibleProfiles(db, siteId, viewerId)
    .where("users.id", "!=", like.id)
    .where("profiles.gender", "=", like.gender)
    .where("profiles.country", "=", like.country)
    .select(cardColumns)
    .orderBy("users.last_seen_at", "desc")
    .orderBy("users.id")
    .limit(limit);
  const recentlySeen = db
    .selectFrom("users as seen")
    .select("seen.id")
    .where("seen.site_id", "=", siteId)
    .orderBy("seen.last_seen_at", "desc")
    .orderBy("seen.id")
    .limit(relatedWindowPerProfile * limit);
  // An IN list, not a join: SQLite then starts from the window's ids instead of walking every member in its order.
  const amongRecent = await related.where("users.id", "in", recentlySeen).execute();
  return amongRecent.length === limit ? amongRecent : related.execute();
}

/** How many of the most recently seen members a related profile is first looked for among, per profile shown. */
export const relatedWindowPerProfile = 100;

export function findBlock(db: DbOrTx, blockerId: number, blockedId: number) {
  return db
    .selectFrom("blocks")
    .select("blocked_id")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst();
}

/** Blocking twice, or two blocks racing each other: the second insert finds the row and does nothing. */
export function insertBlock(db: DbOrTx, blockerId: number, blockedId: number, at: string) {
  return db
    .insertInto("blocks")
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
    .execute();
}

export function deleteBlock(db: DbOrTx, blockerId: number, blockedId: number) {
  return db.deleteFrom("blocks").where("blocker_id", "=", blockerId).where("blocked_id", "=", blockedId).execute();
}

export function updateInvisible(db: DbOrTx, userId: number, invisible: boolean) {
  return db
    .updateTable("profiles")
    .set({ invisible: invisible ? 1 : 0 })
    .where("user_id", "=", userId)
    .execute();
}
