import { DAY } from "../../contract/durations";
import {
  type LanderMap,
  type LanderProfile,
  type LanderResponse,
  type LanderVideo,
  landerMemberLimit,
} from "../../contract/niche-landers";
import { type NicheSlug, nicheSlugOf } from "../../contract/niches";
import type { Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { cityCoordinates } from "../geocode/gazetteer-data";
import { toCard } from "../members/members.service";
import * as repo from "./niche-landers.repository";

/**
 * Whom each niche features (docs/product.md §2.25), from the fields a profile has. Orientation counts only where the
 * member shows it on their profile: a lander must not tell what a member keeps private. No field records BDSM, so
 * that niche features everyone.
 */
export const nicheAudiences: Record<NicheSlug, repo.NicheAudience> = {
  none: {},
  she: { gender: "female", publicSexualities: ["gay", "bi"] },
  bdsm: {},
  bbw: { gender: "female", bodyTypes: ["curvy"] },
  gilf: { gender: "female", min_age: 60 },
  milf: { gender: "female", min_age: 35, max_age: 59 },
  gay: { gender: "male", publicSexualities: ["gay", "bi"] },
};

/** The niche asked for, else the site's own. */
const nicheFor = (site: SiteRow, asked: NicheSlug | undefined) => asked ?? nicheSlugOf(site.niche);

/** What a member may see of another's words on a lander: the about-me only where the site shows it. */
function withAbout(site: SiteRow) {
  const notes = JSON.parse(site.visible_profile_notes) as string[];
  return (row: Parameters<typeof toCard>[1] & { about: string; about_language: string }): LanderProfile => ({
    ...toCard(site, row),
    about: notes.includes("about") && row.about ? row.about : null,
    about_language: row.about_language,
  });
}

/**
 * A niche lander's members: real, visible members of the niche with a photo, fictional ones marked. When nobody
 * fits the niche, every member instead, and the answer says so (`niche: "none"`), so that no member is shown as what
 * they are not.
 */
export async function lander(
  db: Db,
  site: SiteRow,
  viewer: UserRow | null,
  asked: NicheSlug | undefined,
  countActive: boolean,
  now = new Date(),
): Promise<LanderResponse> {
  let niche = nicheFor(site, asked);
  let rows = await repo.listLanderMembers(db, site.id, viewer?.id ?? null, nicheAudiences[niche], landerMemberLimit);
  if (rows.length === 0 && niche !== "none") {
    niche = "none";
    rows = await repo.listLanderMembers(db, site.id, viewer?.id ?? null, nicheAudiences.none, landerMemberLimit);
  }
  const since = new Date(now.getTime() - DAY).toISOString();
  return {
    niche,
    profiles: rows.map(withAbout(site)),
    // Only the design that shows it asks: the count reads every visible member of the niche.
    active_today: countActive
      ? await repo.countActiveSince(db, site.id, viewer?.id ?? null, nicheAudiences[niche], since)
      : null,
    video: landerVideo(site),
  };
}

function landerVideo(site: SiteRow): LanderVideo | null {
  return site.lander_video_url ? { url: site.lander_video_url, poster: site.lander_video_poster } : null;
}

/** The middle of a set of points (plain averages: regions are small next to the Earth). */
function middle(points: (readonly [number, number])[]) {
  if (points.length === 0) return { lat: null, lon: null };
  const sum = points.reduce(([a, b], [lat, lon]) => [a + lat, b + lon], [0, 0]);
  return { lat: sum[0]! / points.length, lon: sum[1]! / points.length };
}

/**
 * The map lander (docs/product.md §2.25): one country the site serves (else its default country), each region with
 * how many visible members of the niche live there, placed by the gazetteer's cities; the country's shape is drawn
 * from those cities, so no map service is asked.
 */
export async function landerMap(
  db: Db,
  site: SiteRow,
  viewer: UserRow | null,
  asked: NicheSlug | undefined,
  askedCountry: string | undefined,
): Promise<LanderMap> {
  const countries = JSON.parse(site.countries) as string[];
  const country = askedCountry && countries.includes(askedCountry) ? askedCountry : site.default_country;
  let niche = nicheFor(site, asked);
  let counts = await repo.countMembersByRegion(db, site.id, viewer?.id ?? null, nicheAudiences[niche], country);
  if (counts.length === 0 && niche !== "none") {
    niche = "none";
    counts = await repo.countMembersByRegion(db, site.id, viewer?.id ?? null, nicheAudiences.none, country);
  }
  const members = new Map(counts.map((c) => [c.region, Number(c.members)]));
  const regions = (await repo.listCountryRegions(db, country)).map((region) => ({
    code: region.code,
    name: region.name,
    members: members.get(region.code) ?? 0,
    ...middle(Object.values(cityCoordinates[region.code] ?? {})),
  }));
  const places = Object.entries(cityCoordinates)
    .filter(([code]) => code.startsWith(`${country}-`))
    .flatMap(([, cities]) => Object.values(cities).map(([lat, lon]) => ({ lat, lon })));
  return { niche, country, regions, places };
}
