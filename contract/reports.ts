import { z } from "zod";
import { locales } from "./locales";
import {
  appealDecisions,
  appealMaxLength,
  reportDecisions,
  reportDetailsMaxLength,
  reportReasons,
  reportSubjects,
  suspensionDays,
} from "./report-values";

export * from "./report-values";

const details = z.string().trim().max(reportDetailsMaxLength, "report.detailsTooLong");
/** "Other" says what: without words, a moderator cannot act on it. */
const otherNeedsDetails = (r: { reason: string; details?: string }) => r.reason !== "other" || !!r.details;

/** POST report.php: a member reports a profile, one of its photos, or a message they received. */
export const reportRequestSchema = z
  .object({
    subject: z.enum(reportSubjects),
    id: z.coerce.number().int().positive(),
    reason: z.enum(reportReasons, { error: "report.reasonRequired" }),
    details: details.optional(),
  })
  .refine(otherNeedsDetails, { path: ["details"], message: "report.detailsRequired" });

/** The receipt: the report's reference, the same when the member reported it before. */
export const reportReceiptSchema = z.object({ reference: z.string(), already_reported: z.boolean() });

/** POST complaint.php: the public complaints form, for anyone; the receipt goes to the address given. */
export const complaintRequestSchema = z.object({
  email: z
    .string({ error: "validation.required" })
    .trim()
    .toLowerCase()
    .min(1, "validation.required")
    .max(254, "validation.invalidEmail")
    .pipe(z.email("validation.invalidEmail")),
  /** One line: line breaks and other control characters become spaces (the name is never put in a mail). */
  name: z
    .string()
    .overwrite((name) => name.replace(/[\s\p{Cc}]+/gu, " "))
    .trim()
    .max(100)
    .optional(),
  /** The page or profile it is about, if any: a link of this site becomes a report of that profile. */
  url: z.string().trim().max(500).optional(),
  reason: z.enum(reportReasons, { error: "report.reasonRequired" }),
  details: details.min(1, "report.complaintDetailsRequired"),
  /** The language of the page it was sent from: the receipt's and the outcome's. */
  language: z.enum(locales).default("en"),
});

const memberSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  about: z.string(),
  fictional: z.boolean(),
  /** The published main photo's thumbnail, if any. */
  thumb_url: z.string().nullable(),
});

const contextMessage = z.object({
  id: z.number().int(),
  from: z.string(),
  text: z.string().nullable(),
  kind: z.string(),
  created_at: z.string(),
  reported: z.boolean(),
});

/** One case of the report queue with what a moderator needs to decide it. */
export const moderationReportSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  subject: z.enum([...reportSubjects, "complaint"]),
  opened_at: z.string(),
  filings: z.array(
    z.object({
      reason: z.enum(reportReasons),
      details: z.string(),
      url: z.string().nullable(),
      by: z.string(),
      created_at: z.string(),
    }),
  ),
  member: memberSummary.nullable(),
  photo_id: z.number().int().nullable(),
  /** The reported message between its neighbours in the conversation. */
  messages: z.array(contextMessage),
});

/** An appealed decision waiting for another moderator. */
export const moderationAppealSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  decision: z.string(),
  reason: z.string().nullable(),
  explanation: z.string().nullable(),
  decided_at: z.string(),
  appeal_text: z.string(),
  appealed_at: z.string(),
  member: memberSummary.nullable(),
  photo_id: z.number().int().nullable(),
});

/** GET moderation-reports.php: open reports and appeals, oldest first. */
export const moderationReportsResponseSchema = z.object({
  reports: z.array(moderationReportSchema),
  appeals: z.array(moderationAppealSchema),
});

/** POST moderation-report.php: a decision on a report; anything but dismissing names its ground. */
export const reportDecisionSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    decision: z.enum(reportDecisions),
    reason: z.enum(reportReasons, { error: "moderation.reasonRequired" }).optional(),
    days: z.coerce
      .number()
      .pipe(z.union(suspensionDays.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>]))
      .optional(),
    explanation: z.string().trim().max(reportDetailsMaxLength).optional(),
  })
  .refine((d) => d.decision === "dismiss" || d.reason, { path: ["reason"], message: "moderation.reasonRequired" })
  .refine((d) => d.decision !== "suspend" || d.days, { path: ["days"], message: "moderation.daysRequired" });

/** POST moderation-appeal.php: another moderator upholds or reverses an appealed decision. */
export const appealDecisionSchema = z.object({
  id: z.coerce.number().int().positive(),
  decision: z.enum(appealDecisions),
  explanation: z.string().trim().max(reportDetailsMaxLength).optional(),
});

export const appealTokenSchema = z.object({ token: z.string().min(1).max(200) });

/** GET appeal.php: the decision the link is about, as its member sees it. */
export const appealViewSchema = z.object({
  subject: z.string(),
  decision: z.string(),
  reason: z.string().nullable(),
  explanation: z.string().nullable(),
  decided_at: z.string(),
  until: z.string().nullable(),
  appealed: z.boolean(),
});

/** POST appeal.php: the member's one appeal. */
export const appealRequestSchema = z.object({
  token: z.string().min(1).max(200),
  text: z
    .string({ error: "appeal.textRequired" })
    .trim()
    .min(1, "appeal.textRequired")
    .max(appealMaxLength, "appeal.textTooLong"),
});
