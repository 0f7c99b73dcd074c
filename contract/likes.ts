import { z } from "zod";
import { likesLists } from "./likes-lists";
import { profileCardSchema } from "./members";

/*
 * The likes lists, paged (docs/product.md §7 likes.php, a change from the original contract: it answered every like at
 * once, and a member with 3,000 likes received waited 380 ms for the page).
 */

export { type LikesList, likesCountCap, likesLists } from "./likes-lists";

/** Likes per page, as the search has it. */
export const likesPageSize = 24;

export const likesQuerySchema = z.object({
  /** Likes received (new first), given, or matches (both ways, new first); received when left out. */
  list: z.preprocess((v) => (v === "" ? undefined : v), z.enum(likesLists).default("received")),
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type LikesQuery = z.infer<typeof likesQuerySchema>;

export const likeEntrySchema = profileCardSchema.extend({
  /** Not yet seen by the viewer: a like received (or a match's) whose profile the viewer has not opened since. */
  like_new: z.boolean(),
  liked_at: z.string(),
});

export const likesResponseSchema = z.object({
  list: z.enum(likesLists),
  /** One page of the list, at most likesPageSize. */
  profiles: z.array(likeEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** How many each list has, and how many received are new, each counted up to likesCountCap: the tabs' badges. */
  counts: z.object({
    received: z.number().int(),
    given: z.number().int(),
    matches: z.number().int(),
    new: z.number().int(),
  }),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;
