import { z } from "zod";
import { aboutLanguageSchema, profileCardSchema } from "./members";

/**
 * The members whose pages a site's sitemap lists (docs/product.md §2.23): none unless the site has chosen to let
 * search engines index pages about one member (`index_member_pages`). Ids only: when a member was last seen is theirs.
 */
export const sitemapResponseSchema = z.object({ members: z.array(z.number().int().positive()) });

/** At most this many members in a sitemap, the most recently active first: one sitemap file stays small. */
export const sitemapMemberLimit = 2000;

/** A member landing (docs/product.md §2.23): the card and the about-me text where the site shows it. */
export const landingResponseSchema = z.object({
  profile: profileCardSchema.extend({ about: z.string().nullable(), about_language: aboutLanguageSchema }),
});
export type LandingProfile = z.infer<typeof landingResponseSchema>["profile"];
