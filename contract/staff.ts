import { z } from "zod";

/** Staff roles: a moderator reaches /moderation, an admin /admin too (issue 33). */
export const staffRoles = ["moderator", "admin"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Whether the role has the moderators' rights: an admin has them too (docs/product.md §6.1), so a site run by one
 * person needs no second account to moderate. Every moderation check goes through this one function.
 */
export const isModerator = (role: string) => role === "moderator" || role === "admin";

/**
 * A staff member's second factor (GET /api/staff/second-factor.php): whether TOTP is set up, whether this session has
 * given it, and, until it is set up, the secret to enter in an authenticator app (as text and as a QR code drawn
 * as SVG on the server). After set-up the secret is never shown again.
 */
export const secondFactorStatusSchema = z.object({
  role: z.enum(staffRoles),
  enrolled: z.boolean(),
  enrolled_at: z.string().nullable(),
  /** Whether this session has given the second factor: only then is it staff-capable. */
  verified: z.boolean(),
  recovery_codes_left: z.number().int(),
  setup: z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() }).nullable(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** A six-digit code from the authenticator app. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .meta({ example: "492039" }),
});

/** At login: a code from the app, or one of the recovery codes. */
export const secondFactorCodeSchema = z.object({ code: z.string().trim().min(6).max(40) });

/**
 * The step-up (POST /api/staff/step-up.php): the password, or a code from the app or a recovery code, to renew the
 * session's second factor before a sensitive action. Exactly one of the two.
 */
export const stepUpSchema = z
  .object({
    password: z.string().min(1).max(200).optional(),
    code: z.string().trim().min(6).max(40).optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: "admin.stepUp.oneOfTwo",
  });

/** Set-up done: the ten recovery codes, shown this once. */
export const enrolmentResponseSchema = z.object({ recovery_codes: z.array(z.string()).length(10) });

/** The admin area's overview (GET /api/admin/overview.php): the site's members by state and its open reports. */
export const adminOverviewSchema = z.object({
  members: z.object({ total: z.number().int(), active: z.number().int(), not_confirmed: z.number().int() }),
  staff: z.object({ moderators: z.number().int(), admins: z.number().int() }),
  open_reports: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
