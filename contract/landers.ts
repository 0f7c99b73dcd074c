import { z } from "zod";
import { nicheLanderNames } from "./niche-landers";

/**
 * Every page an advert may send a visitor to (docs/product.md §2.23, §2.24, §3.11): the landers under
 * `/landers/{name}/{slug?}` and the three member landings, named `landing`, `landing2` and `landing3`.
 */
export const landerNames = ["tinderswipe", ...nicheLanderNames, "landing", "landing2", "landing3"] as const;
export type LanderName = (typeof landerNames)[number];

/** A lander's slug as tracking keeps it: lower-case letters and hyphens, at most 40 (`milf-de`). */
export const landerSlugSchema = z
  .string()
  .max(40)
  .regex(/^[a-z-]+$/)
  .meta({ examples: ["milf-de"] });

const trafficSource = z.string().max(100);

/**
 * The lander and slug of the first visit, where that visit was to a lander (docs/product.md §3.11), from its path:
 * `/landers/{name}/{slug?}`, `/members/{id}/landing`, `/members/{id}/landing2/{slug?}`, `/members/{id}/landing3/{slug?}`.
 * A name that is no lander is null; a slug that is not one is left out.
 */
export function landerOfPath(pathname: string): { lander: LanderName; slug?: string } | null {
  const match =
    /^\/landers\/([a-z]+)(?:\/([^/]+))?\/?$/.exec(pathname) ??
    /^\/members\/\d+\/(landing[23]?)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const [, name, slug] = match;
  if (!(landerNames as readonly string[]).includes(name!)) return null;
  // The first design takes no slug (docs/product.md §2.23).
  if (name === "landing" && slug) return null;
  const lander = name as LanderName;
  return slug && landerSlugSchema.safeParse(slug).success ? { lander, slug } : { lander };
}

/** POST /api/lander-visit.php: one first visit to a lander, as the web tier counts it (no person in it). */
export const landerVisitSchema = z.object({
  lander: z.enum(landerNames),
  slug: landerSlugSchema.optional(),
  network: trafficSource.optional(),
  ref: trafficSource.optional(),
});
export type LanderVisit = z.infer<typeof landerVisitSchema>;

const isoDay = z.iso.date().meta({ examples: ["2026-11-01"] });

/** GET /api/lander-report.php: a period of whole days (UTC), both ends included; by default the last 30 days. */
export const landerReportQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["from"], message: "landerReport.periodInvalid" });

/** The longest period a report covers, in days: a year, so a query stays cheap. */
export const landerReportMaxDays = 366;

const landerReportRowSchema = z.object({
  lander: z.enum(landerNames),
  /** "" when the page had no slug. */
  slug: z.string(),
  /** "" when the visitor came without one. */
  network: z.string(),
  ref: z.string(),
  visits: z.number().int().min(0),
  signups: z.number().int().min(0),
  /** Of those signups, the accounts that were activated from the mailed link. */
  activations: z.number().int().min(0),
});
export type LanderReportRow = z.infer<typeof landerReportRowSchema>;

export const landerReportResponseSchema = z.object({
  from: isoDay,
  to: isoDay,
  rows: z.array(landerReportRowSchema),
  totals: z.object({
    visits: z.number().int().min(0),
    signups: z.number().int().min(0),
    activations: z.number().int().min(0),
  }),
});
export type LanderReport = z.infer<typeof landerReportResponseSchema>;

/**
 * Whether a user agent names a crawler or a link preview rather than a person's browser: their visits are not
 * counted. A short list on purpose: it catches the crawlers that say what they are, which is the most they do.
 */
export function looksLikeCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  return /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|whatsapp|telegram|curl\/|wget\/|python-|go-http-client|java\/|okhttp|libwww|httpclient|scrapy|headlesschrome.*lighthouse|lighthouse/i.test(
    userAgent,
  );
}
