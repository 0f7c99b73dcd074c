import { demoPlaces } from "../db/seed/demo-places";
import { cityCoordinates } from "./gazetteer-data";

/** A place: a country code, an ISO 3166-2 region code if known, and a city. */
export interface Place {
  country: string;
  region: string | null;
  city: string | null;
}

/** Turns a position into a place (docs/architecture.md "Adapters"). */
export interface Geocoder {
  reverse(lat: number, lon: number): Promise<Place | null>;
}

/** How far from a known city a position may be and still be said to be in it. */
const nearEnoughKm = 60;

/** Great-circle distance in km. */
export function distanceKm([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]) {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/**
 * The embedded default: the nearest city of the shipped gazetteer (the demo places and their coordinates), when
 * one lies within 60 km; nothing leaves the server.
 */
export function offlineGeocoder(): Geocoder {
  const cities = Object.entries(demoPlaces).flatMap(([country, regions]) =>
    regions.flatMap((region) =>
      region.cities.flatMap((city) => {
        const at = cityCoordinates[region.code]?.[city];
        return at ? [{ country, region: region.code, city, at }] : [];
      }),
    ),
  );
  return {
    async reverse(lat, lon) {
      let best: (typeof cities)[number] | null = null;
      let bestKm = nearEnoughKm;
      for (const place of cities) {
        const km = distanceKm([lat, lon], place.at);
        if (km <= bestKm) [best, bestKm] = [place, km];
      }
      return best && { country: best.country, region: best.region, city: best.city };
    },
  };
}

/**
 * An external reverse geocoder with Nominatim's interface (`GEOCODER_URL`, e.g. a self-hosted Nominatim's
 * `/reverse`): asked with a timeout, once more on failure.
 */
export function externalGeocoder(url: string, fetchImpl: typeof fetch = fetch): Geocoder {
  return {
    async reverse(lat, lon) {
      const target = new URL(url);
      target.searchParams.set("lat", lat.toFixed(4));
      target.searchParams.set("lon", lon.toFixed(4));
      target.searchParams.set("format", "jsonv2");
      target.searchParams.set("zoom", "10");
      let lastError: unknown;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const response = await fetchImpl(target, { signal: AbortSignal.timeout(5000) });
          if (response.status === 404) return null;
          if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
          const body = (await response.json()) as { address?: Record<string, string> };
          const address = body.address;
          if (!address?.country_code) return null;
          return {
            country: address.country_code.toUpperCase(),
            region: address["ISO3166-2-lvl4"] ?? null,
            city: address.city ?? address.town ?? address.village ?? null,
          };
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
