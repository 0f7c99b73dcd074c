import { z } from "zod";
import { overviewPeriods } from "./admin-values";

export { type OverviewPeriod, overviewPeriods } from "./admin-values";

export const adminActivityQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (overviewPeriods as readonly number[]).includes(n))
    .default(30)
    .meta({ example: 30 }),
});

/** One count per day (UTC), every day of the period, zero where nothing happened. */
const dailySchema = z.array(z.object({ day: z.string(), value: z.number().int() }));
export type Daily = z.infer<typeof dailySchema>;

/** GET /api/admin/activity.php: the site's activity per day over the period. */
export const adminActivitySchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  signups: dailySchema,
  activations: dailySchema,
  /** Members whose first paid payment was that day. */
  first_purchases: dailySchema,
  messages: dailySchema,
  /** Reports opened that day. */
  reports: dailySchema,
  /** Paid payments' amounts in cents by the day they were paid, one series per currency. */
  revenue: z.array(z.object({ currency: z.string().length(3), daily: dailySchema })),
  /**
   * Money returned (members' returns and staff refunds) in cents by the day the provider confirmed it, one series per
   * currency; not deducted from `revenue`, which stays what was taken each day.
   */
  refunds: z.array(z.object({ currency: z.string().length(3), daily: dailySchema })),
  /** Reports open now. */
  open_reports: z.number().int(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;
