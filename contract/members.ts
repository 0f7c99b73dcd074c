import { z } from "zod";
import { mainImageSchema } from "./user";

/** A profile as other members and visitors see it on a card (docs/product.md §3 Profile). */
export const profileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(["male", "female"]),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  fictional: z.boolean(),
  main_image: mainImageSchema.nullable(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

/**
 * The language a member's about-me is written in: their own (docs/product.md §3 Profile). Members' words are shown
 * as written, never translated, so a page in another language says which one they are in.
 */
export const aboutLanguageSchema = z.string().meta({ examples: ["en"] });

/** An empty form field means "any". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const searchQuerySchema = z.object({
  gender: optional(z.enum(["male", "female"])),
  country: optional(
    z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ examples: ["NL"] }),
  ),
  countryregion: optional(z.string().max(20)),
  min_age: optional(z.coerce.number().int().min(18).max(120)),
  max_age: optional(z.coerce.number().int().min(18).max(120)),
  page: optional(z.coerce.number().int().min(1).max(1000)),
  trafficsource: optional(z.enum(["1"])),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Results per page (issue: 24 a page). */
export const searchPageSize = 24;

export const searchResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  /** Matches, counted up to 1,000 (api/members/members.repository.ts searchCountCap). */
  total: z.number().int(),
  /** More match than `total` says: the page reads "more than 1,000 members found". */
  total_capped: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Similar profiles when the search is narrow, with their own count (counted as `total` is). */
  similar: z
    .object({ profiles: z.array(profileCardSchema), total: z.number().int(), total_capped: z.boolean() })
    .nullable(),
  /** A visitor sees only the first page; the rest leads to signup. */
  limited: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const profilePhotoSchema = z.object({ id: z.number().int(), filename: z.string(), thumb_filename: z.string() });

export const profileViewSchema = profileCardSchema.extend({
  about: z.string(),
  about_language: aboutLanguageSchema,
  photos: z.array(profilePhotoSchema),
  photo_count: z.number().int(),
  /** Photos the viewer may not see: free members see a few, visitors only the main one. */
  locked_photos: z.number().int(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  notes: z.record(z.string(), z.string()),
  interests: z.array(z.number().int()),
  liked: z.boolean(),
  liked_me: z.boolean(),
  blocked: z.boolean(),
  related: z.array(profileCardSchema),
});
export type ProfileView = z.infer<typeof profileViewSchema>;
export const profileResponseSchema = z.object({ profile: profileViewSchema });

export const profileIdSchema = z.object({ id: z.coerce.number().int().positive() });

export const likeResponseSchema = z.object({ liked: z.boolean(), match: z.boolean() });

export const autoLikeResponseSchema = z.object({
  profile: z
    .object({ id: z.number().int(), name: z.string(), main_image: z.object({ match: z.string() }).nullable() })
    .nullable(),
});

export const blockResponseSchema = z.object({ blocked: z.boolean() });

/** docs/product.md §9: the swipe game allows 4 likes a day. */
export const swipeLikesPerDay = 4;
export const swipeResponseSchema = z.object({
  profile: profileCardSchema.extend({ about: z.string(), about_language: aboutLanguageSchema }).nullable(),
  likes_left: z.number().int(),
  next_reset: z.string(),
});
export const swipeRequestSchema = z.object({ id: z.number().int().positive(), action: z.enum(["like", "skip"]) });
export const swipeResultSchema = z.object({ match: z.boolean(), likes_left: z.number().int() });

export const invisibleRequestSchema = z.object({ invisible: z.boolean() });

/** The tinder-swipe lander's stack (docs/product.md §2.24): real members with a photo, at most this many. */
export const landerStackSize = 10;
/**
 * `ids`: the stack a visitor was dealt, carried in the lander's address, so that it stays the same from card to card
 * while other members come and go (comma-separated, at most `landerStackSize`).
 */
export const landerProfilesQuerySchema = z.object({
  ids: optional(
    z
      .string()
      .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${landerStackSize - 1}}$`))
      .meta({ examples: ["12,7,31"] }),
  ),
});
export const landerProfilesResponseSchema = z.object({ profiles: z.array(profileCardSchema) });
