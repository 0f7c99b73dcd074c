import { z } from "zod";

/** GET geocode.php: a position from the browser, never stored. */
export const geocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

/** The place at a position, as the profile's location fields take it: a country of the site, its region, a city. */
export const geocodeResponseSchema = z.object({
  geocode: z.object({ country: z.string(), region: z.string().nullable(), city: z.string().nullable() }),
});
export type Geocode = z.infer<typeof geocodeResponseSchema>["geocode"];
