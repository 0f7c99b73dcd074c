import type { paymentStatuses } from "./payments";

/**
 * The admin area's fixed choices (docs/product.md §6.9), without zod: the pages import them, and zod would add some
 * 28 kB of script to the browser.
 */

/** The periods the admin overview shows, in days up to today. */
export const overviewPeriods = [7, 30, 90] as const;
export type OverviewPeriod = (typeof overviewPeriods)[number];

/** A payment's state as the payments list filters it: the provider's, or `refunded` once a refund of it stands. */
export const adminPaymentFilterStatuses = [
  "open",
  "pending",
  "paid",
  "failed",
  "canceled",
  "expired",
  "refunded",
] as const satisfies readonly ((typeof paymentStatuses)[number] | "refunded")[];
export type AdminPaymentFilterStatus = (typeof adminPaymentFilterStatuses)[number];
