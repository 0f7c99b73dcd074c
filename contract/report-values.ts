/**
 * The words of reports and decisions (docs/product.md §6.8), without zod, so pages can list them without loading
 * the validation library.
 */

/** Why a member reports something: each a translated label, and the ground a decision names. */
export const reportReasons = ["fake", "underage", "harassment", "explicit", "spam", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What a member can report. */
export const reportSubjects = ["profile", "photo", "message"] as const;
export type ReportSubject = (typeof reportSubjects)[number];

/** What a moderator can decide about a report. */
export const reportDecisions = ["dismiss", "hide", "suspend", "ban"] as const;
export type ReportDecision = (typeof reportDecisions)[number];

/** How long a suspension can last, in days. */
export const suspensionDays = [1, 7, 30] as const;

/** What a moderator can decide about an appeal: the decision stands, or it is undone. */
export const appealDecisions = ["uphold", "reverse"] as const;

export const reportDetailsMaxLength = 1000;
export const appealMaxLength = 2000;

/** A report's or complaint's reference in receipts: short, and the same for every filing of one report. */
export const reportReference = (id: number) => `R-${id}`;
