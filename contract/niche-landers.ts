import { z } from "zod";
import { aboutLanguageSchema, profileCardSchema } from "./members";
import { nicheSlugs } from "./niches";

/**
 * The niche landers of docs/product.md §2.25, each a design of its own at `/landers/{name}/{slug?}` (the tinder-swipe
 * lander, §2.24, has a route of its own).
 */
export const nicheLanderNames = [
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type NicheLanderName = (typeof nicheLanderNames)[number];

export function isNicheLanderName(value: string | undefined): value is NicheLanderName {
  return (nicheLanderNames as readonly string[]).includes(value ?? "");
}

/** How many members a lander shows at most: a grid of 12 fills two, three and four columns. */
export const landerMemberLimit = 12;

export const landerQuerySchema = z.object({
  /** The slug's niche (`milf-de`); without it, the site's own niche. */
  niche: z.enum(nicheSlugs).optional(),
});

/** GET /api/lander.php's query: `active=1` also counts the niche's members active today (one design shows it). */
export const landerMembersQuerySchema = landerQuerySchema.extend({ active: z.literal("1").optional() });

export const landerMapQuerySchema = landerQuerySchema.extend({
  /** The country to map; one the site does not serve gives the site's default country. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .meta({ examples: ["DE"] }),
});

/** A lander's member: the card, and the about-me text where the site shows it (else null). */
export const landerProfileSchema = profileCardSchema.extend({
  about: z.string().nullable(),
  about_language: aboutLanguageSchema,
});
export type LanderProfile = z.infer<typeof landerProfileSchema>;

/** The site's lander video (a path on the site or its CDN) and the poster shown before it plays. */
export const landerVideoSchema = z.object({ url: z.string(), poster: z.string().nullable() });
export type LanderVideo = z.infer<typeof landerVideoSchema>;

export const landerResponseSchema = z.object({
  /**
   * The niche whose members are shown: the one asked for, or `none` when no member the visitor may see fits it
   * (docs/product.md §2.25: never a member passed off as what they are not).
   */
  niche: z.enum(nicheSlugs),
  profiles: z.array(landerProfileSchema),
  /** Members active in the last 24 hours (a count: when one member was last seen is theirs); null unless asked. */
  active_today: z.number().int().nullable(),
  video: landerVideoSchema.nullable(),
});
export type LanderResponse = z.infer<typeof landerResponseSchema>;

export const landerRegionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Visible members of the niche who live in the region. */
  members: z.number().int(),
  /** The middle of the region's known places, in degrees; null when none of them has coordinates. */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export const landerPlaceSchema = z.object({ lat: z.number(), lon: z.number() });

export const landerMapResponseSchema = z.object({
  niche: z.enum(nicheSlugs),
  country: z.string().length(2),
  regions: z.array(landerRegionSchema),
  /** The country's known places (cities of the gazetteer): the dots that draw its shape on the map. */
  places: z.array(landerPlaceSchema),
});
export type LanderMap = z.infer<typeof landerMapResponseSchema>;
