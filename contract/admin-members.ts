import { z } from "zod";

/**
 * The admin area's members section (issue 33, docs/product.md §6.9): find a member, see everything about them, and
 * act on their account with a reason that is kept. Messages are translation keys of the web tier.
 */

export const memberRoles = ["member", "moderator", "admin"] as const;
export type MemberRole = (typeof memberRoles)[number];

/** What an admin can do to an account; credits have an endpoint of their own (they need an Idempotency-Key). */
export const memberActions = [
  "suspend",
  "ban",
  "lift",
  "reset_lockout",
  "resend_activation",
  "start_deletion",
  "mark_fictional",
  "unmark_fictional",
  "change_role",
] as const;
export type MemberAction = (typeof memberActions)[number];

/** The actions that need a second factor given in the last ten minutes (api/http/step-up.ts). */
export const sensitiveMemberActions: readonly MemberAction[] = ["ban", "start_deletion", "change_role"];

export const reasonMaxLength = 1000;
/** The largest number of credits one grant gives or takes. */
export const creditGrantMax = 100_000;

const reasonField = z
  .string({ error: "admin.members.reasonRequired" })
  .trim()
  .min(3, "admin.members.reasonRequired")
  .max(reasonMaxLength, "validation.tooLong");

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** GET admin/members.php: members whose e-mail or name contains `q`, or whose id is `q`; 25 a page, newest first. */
export const memberSearchQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export const memberListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.string(),
  role: z.enum(memberRoles),
  signup_date: z.string(),
  suspended_until: z.string().nullable(),
  banned: z.boolean(),
});
export const memberSearchResponseSchema = z.object({
  members: z.array(memberListItemSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponseSchema>;

/** GET admin/member.php: one member of the site, with their history. */
export const memberQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const memberDetailSchema = z.object({
  member: z.object({
    id: z.number().int(),
    email: z.string(),
    status: z.string(),
    role: z.enum(memberRoles),
    language: z.string(),
    credits: z.number().int(),
    signup_date: z.string(),
    last_seen_at: z.string().nullable(),
    suspended_until: z.string().nullable(),
    banned_at: z.string().nullable(),
    deletion_requested_at: z.string().nullable(),
    /** Whether wrong passwords have locked the account now (docs/product.md §4.4). */
    locked: z.boolean(),
  }),
  profile: z
    .object({
      name: z.string(),
      gender: z.string(),
      date_of_birth: z.string(),
      country: z.string(),
      city: z.string().nullable(),
      about: z.string().nullable(),
      fictional: z.boolean(),
      hidden: z.boolean(),
    })
    .nullable(),
  photos: z.array(
    z.object({ id: z.number().int(), url: z.string(), status: z.string(), main: z.boolean(), created_at: z.string() }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      method: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      credits: z.number().int(),
      created_at: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      delta: z.number().int(),
      balance_after: z.number().int(),
      refused: z.boolean(),
      reference: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  reports_about: z.array(
    z.object({ id: z.number().int(), subject: z.string(), status: z.string(), opened_at: z.string() }),
  ),
  reports_by: z.array(
    z.object({ id: z.number().int(), subject: z.string(), reason: z.string(), created_at: z.string() }),
  ),
  logins: z.array(z.object({ created_at: z.string(), address: z.string(), user_agent: z.string().nullable() })),
  mails: z.array(z.object({ created_at: z.string(), subject: z.string() })),
  staff_actions: z.array(
    z.object({
      created_at: z.string(),
      action: z.string(),
      reason: z.string().nullable(),
      staff: z.string().nullable(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** POST admin/member-action.php: one action on an account, with its reason. */
export const memberActionSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    action: z.enum(memberActions),
    reason: reasonField,
    /** A suspension's last day (the suspension ends at the end of it, UTC). */
    until: z.string().trim().regex(isoDay, "admin.members.untilRequired").meta({ example: "2026-12-31" }).optional(),
    role: z.enum(memberRoles).optional(),
  })
  .refine((a) => a.action !== "suspend" || a.until, { path: ["until"], message: "admin.members.untilRequired" })
  .refine((a) => a.action !== "change_role" || a.role, { path: ["role"], message: "validation.required" });
export type MemberActionRequest = z.infer<typeof memberActionSchema>;

/** POST admin/member-credits.php (with an Idempotency-Key): gives (positive) or takes (negative) credits. */
export const memberCreditsSchema = z.object({
  id: z.coerce.number().int().positive(),
  amount: z.coerce
    .number({ error: "admin.members.amountInvalid" })
    .int("admin.members.amountInvalid")
    .min(-creditGrantMax, "admin.members.amountInvalid")
    .max(creditGrantMax, "admin.members.amountInvalid")
    .refine((n) => n !== 0, "admin.members.amountInvalid"),
  reason: reasonField,
});
export const memberCreditsResponseSchema = z.object({
  /** False when taking more than the member has: nothing moved (the ledger keeps the refusal). */
  applied: z.boolean(),
  balance: z.number().int(),
});
