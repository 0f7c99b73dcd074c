/** The three likes lists; apart from contract/likes.ts so that the /likes page's browser code needs no zod. */
export const likesLists = ["received", "given", "matches"] as const;
export type LikesList = (typeof likesLists)[number];

/**
 * Each list is counted up to here: a count reads every like it counts, and a member with 10,000 likes received paid for
 * all of them on every view of the page (docs/architecture.md "Member search at scale"). A count at the cap reads
 * "1,000+" and the pages stop there, as a search's do.
 */
export const likesCountCap = 1000;
