import NodeCache from "node-cache";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import type { Geocoder, Place } from "./geocoder";

/** A geocoder whose answers are kept an hour per position rounded to about a kilometre (docs/product.md §9). */
export function cachedGeocoder(geocoder: Geocoder): Geocoder {
  const answers = new NodeCache({ stdTTL: 3600, useClones: false, maxKeys: 10_000 });
  return {
    async reverse(lat, lon) {
      const key = `${lat.toFixed(2)},${lon.toFixed(2)}`;
      const known = answers.get<Place | null>(key);
      if (known !== undefined) return known;
      const place = await geocoder.reverse(lat, lon);
      answers.set(key, place);
      return place;
    },
  };
}

/**
 * GET geocode.php: the place at a position, as the profile's location fields take it: a country the site serves, a
 * region of its list (else none), the city. The position itself is neither stored nor logged.
 */
export async function geocode(db: Db, geocoder: Geocoder, site: SiteRow, lat: number, lon: number) {
  const place = await geocoder.reverse(lat, lon);
  const countries = JSON.parse(site.countries) as string[];
  if (!place || !countries.includes(place.country))
    throw new ApiError(404, "not_found", "No place of this site is known there");
  const region = place.region
    ? await db
        .selectFrom("regions")
        .select("code")
        .where("code", "=", place.region)
        .where("country", "=", place.country)
        .executeTakeFirst()
    : undefined;
  return { geocode: { country: place.country, region: region?.code ?? null, city: place.city } };
}
