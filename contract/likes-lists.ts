/** The three likes lists; apart from contract/likes.ts so that the /likes page's browser code needs no zod. */
export const likesLists = ["received", "given", "matches"] as const;
export type LikesList = (typeof likesLists)[number];
