import { ageOn } from "../../contract/age";
import type { ProfileCard, ProfileView, SearchQuery } from "../../contract/members";
import { landerStackSize, searchPageSize } from "../../contract/members";
import type { LandingProfile } from "../../contract/seo";
import { listProfileInterestIds } from "../accounts/accounts.repository";
import { type Db, nowIso } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError, authenticationRequired } from "../errors";
import { listLikesBetween, markLikeSeen } from "../likes/likes.repository";
import type { CardRow, SearchFilters } from "./members.repository";
import * as repo from "./members.repository";

/** How many of another member's photos a free member sees; premium members see all (docs/product.md §6). */
export const freePhotoViews = 3;

/** A profile card: what any list shows of a member, with the fictional marker. */
export function toCard(site: SiteRow, row: CardRow, now = new Date()): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.date_of_birth, now),
    gender: row.gender,
    city: row.city,
    region: row.region,
    country: row.country,
    fictional: row.fictional === 1,
    main_image:
      row.filename && row.thumb_filename
        ? {
            filename: row.filename,
            thumb_filename: row.thumb_filename,
            status: "active",
            match: `${site.cdn_prefix}/${row.filename}`,
          }
        : null,
  };
}

/**
 * A search (docs/product.md §2 members): 24 a page, and when the search is narrow a block of similar profiles (same
 * gender and country, any region and age). Visitors search only where the site allows it, first page only.
 */
export async function search(db: Db, site: SiteRow, viewer: UserRow | null, query: SearchQuery) {
  const limited = viewer === null;
  if (limited) {
    const allowed =
      site.logged_out_search === 1 || (site.logged_out_search_trafficsource === 1 && query.trafficsource === "1");
    if (!allowed) throw authenticationRequired();
  }
  const page = limited ? 1 : (query.page ?? 1);
  const filters: SearchFilters = {
    gender: query.gender,
    country: query.country,
    region: query.countryregion,
    min_age: query.min_age,
    max_age: query.max_age,
  };
  const { rows, total, capped } = await repo.searchProfiles(
    db,
    site.id,
    viewer?.id ?? null,
    filters,
    page,
    searchPageSize,
  );
  let similar = null;
  const narrow = total < searchPageSize && (filters.region || filters.min_age || filters.max_age);
  if (narrow) {
    const wider = await repo.searchProfiles(
      db,
      site.id,
      viewer?.id ?? null,
      { gender: filters.gender, country: filters.country },
      1,
      12,
      rows.map((r) => r.id),
    );
    similar = { profiles: wider.rows.map((r) => toCard(site, r)), total: wider.total, total_capped: wider.capped };
  }
  return {
    profiles: rows.map((r) => toCard(site, r)),
    total,
    total_capped: capped,
    page,
    pages: limited ? 1 : Math.max(1, Math.ceil(total / searchPageSize)),
    similar,
    limited,
  };
}

/**
 * A member's profile as the viewer may see it (docs/product.md §2 profile view). Invisible, pending deletion, or having
 * blocked the viewer: 404. A profile the viewer blocked stays reachable to them, so they can unblock it. Opening it clears the new flag of this member's like (docs/product.md §4).
 */
export async function profileView(
  db: Db,
  site: SiteRow,
  viewer: UserRow | null,
  id: number,
  { markSeen = true } = {},
): Promise<ProfileView> {
  const row = await repo.findProfilePage(db, site.id, viewer?.id ?? null, id);
  if (!row) throw new ApiError(404, "not_found", "This profile does not exist");

  const [photos, interests, likes, blocked, related] = await Promise.all([
    repo.listActivePhotos(db, id),
    listProfileInterestIds(db, id),
    viewer ? listLikesBetween(db, viewer.id, id) : Promise.resolve([]),
    viewer ? repo.findBlock(db, viewer.id, id) : Promise.resolve(undefined),
    repo.listRelatedProfiles(db, site.id, viewer?.id ?? null, { id, gender: row.gender, country: row.country }, 6),
  ]);
  const likedMe = likes.some((l) => l.liker_id === id);
  if (viewer && likedMe && markSeen) await markLikeSeen(db, id, viewer.id);

  const visibleCount = viewer === null ? 1 : viewer.paid_user === 1 ? photos.length : freePhotoViews;
  const shown = photos.slice(0, visibleCount);
  const visibleFields = JSON.parse(site.visible_profile_fields) as string[];
  const allFields: Record<string, string | number | null> = {
    age: ageOn(row.date_of_birth, new Date()),
    gender: row.gender,
    // A special category of personal data: shown only when its owner chose to (docs/product.md §2.20).
    sexuality: row.sexuality_public === 1 ? row.sexuality : null,
    country: row.country,
    region: row.region,
    city: row.city,
    hair_colour: row.hair_colour,
    eye_colour: row.eye_colour,
    body_type: row.body_type,
    relationship_status: row.relationship_status,
    tattoos: row.tattoos,
  };
  const notes = JSON.parse(site.visible_profile_notes) as string[];
  return {
    ...toCard(site, row),
    about: row.about,
    about_language: row.about_language,
    photos: shown,
    photo_count: photos.length,
    locked_photos: photos.length - shown.length,
    fields: Object.fromEntries(visibleFields.filter((f) => f in allFields).map((f) => [f, allFields[f]!])),
    notes: notes.includes("about") && row.about ? { about: row.about } : {},
    interests: interests.map((i) => i.interest_id),
    liked: likes.some((l) => l.liker_id === viewer?.id),
    liked_me: likedMe,
    blocked: Boolean(blocked),
    related: related.map((r) => toCard(site, r)),
  };
}

/**
 * A member landing (docs/product.md §2.23): what an advert shows of one member. Hidden members (§4.2) are a 404, as
 * their profile is; opening it changes nothing (no like is marked seen), and the about-me only where the site shows it.
 */
export async function landingProfile(
  db: Db,
  site: SiteRow,
  viewer: UserRow | null,
  id: number,
): Promise<LandingProfile> {
  const row = await repo.findLandingProfile(db, site.id, viewer?.id ?? null, id);
  if (!row) throw new ApiError(404, "not_found", "This profile does not exist");
  const notes = JSON.parse(site.visible_profile_notes) as string[];
  return {
    ...toCard(site, row),
    about: notes.includes("about") && row.about ? row.about : null,
    about_language: row.about_language,
  };
}

/**
 * The tinder-swipe lander's stack (docs/product.md §2.24): real members anyone (or this member) may see, each with a
 * photo, fictional ones marked on their cards, never invented; the most recently active, or, for the stack a visitor
 * was dealt (`ids`), those of them the viewer may still see, in the same order.
 */
export async function landerProfiles(
  db: Db,
  site: SiteRow,
  viewer: UserRow | null,
  ids?: number[],
): Promise<ProfileCard[]> {
  if (!ids) {
    const rows = await repo.listWithPhoto(db, site.id, viewer?.id ?? null, landerStackSize);
    return rows.map((row) => toCard(site, row));
  }
  const rows = await repo.listWithPhotoAmong(db, site.id, viewer?.id ?? null, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(site, row)] : [];
  });
}

/** Blocking hides both members from each other everywhere; unblocking undoes it. */
export async function setBlock(db: Db, site: SiteRow, viewer: UserRow, id: number, block: boolean) {
  if (id === viewer.id) throw new ApiError(400, "validation_failed", "You cannot block yourself");
  if (block) {
    // A member the viewer may not see answers as one that does not exist: ids reveal nothing.
    if (!(await repo.isVisibleMember(db, site.id, viewer.id, id, { showBlockedByViewer: true }))) {
      throw new ApiError(404, "not_found", "This profile does not exist");
    }
    await repo.insertBlock(db, viewer.id, id, nowIso());
  } else {
    await repo.deleteBlock(db, viewer.id, id);
  }
  return { blocked: block };
}

export async function setInvisible(db: Db, viewer: UserRow, invisible: boolean) {
  await repo.updateInvisible(db, viewer.id, invisible);
}

/** The genders a member looks for, from their own gender and sexuality. */
export function soughtGenders(profile: { gender: "male" | "female"; sexuality: string }): ("male" | "female")[] {
  if (profile.sexuality === "bi") return ["male", "female"];
  if (profile.sexuality === "gay") return [profile.gender];
  return [profile.gender === "male" ? "female" : "male"];
}
