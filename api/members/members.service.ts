import type { ProfileCard } from "../../contract/members";
import { ageOn } from "../../contract/age";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import { cardColumns, visibleProfiles, type CardRow } from "./members.repository";

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
    main_image: row.filename && row.thumb_filename
      ? { filename: row.filename, thumb_filename: row.thumb_filename, status: "active", match: `${site.cdn_prefix}/${row.filename}` }
      : null,
  };
}

/** One visible profile's teaser (signing up from a profile), or 404 when hidden to this viewer. */
export async function profileTeaser(db: Db, site: SiteRow, viewerId: number | null, id: number) {
  const row = await visibleProfiles(db, site.id, viewerId).where("users.id", "=", id).select([...cardColumns, "profiles.about"]).executeTakeFirst();
  if (!row) throw new ApiError(404, "not_found", "This profile does not exist");
  return { ...toCard(site, row), about: row.about };
}
