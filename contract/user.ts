import { z } from "zod";
import { locales } from "./locales";

export const mainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.literal("active"),
  match: z.string(),
});

/** The Profile entity of docs/product.md §3, as its owner sees it. */
export const ownProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(["male", "female"]),
  sexuality: z.enum(["straight", "gay", "bi"]),
  /** Whether others see the orientation on the profile (private by default). */
  sexuality_public: z.boolean(),
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(["active", "disabled"]),
  main_image: mainImageSchema.nullable(),
  about: z.string(),
  interests: z.array(z.number().int()),
  hair_colour: z.string().nullable(),
  eye_colour: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  fictional: z.boolean(),
  invisible: z.boolean(),
});

/** The User entity of docs/product.md §3 (GET /api/user.php). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(["not_confirmed", "active", "pending_deletion"]),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: z.enum(locales),
  /** Reaches the moderation area (docs/product.md §6.7). */
  moderator: z.boolean(),
  /** Reaches the admin area too (docs/product.md §6.9). */
  admin: z.boolean(),
  notifications_disabled: z.array(z.enum(["fbl", "bounce", "listunsubscribe"])),
  unread_messages: z.number().int(),
  /** Counted up to 100 (api/likes/likes.repository.ts newLikesCountCap): the badge shows 99+ above 99. */
  new_likes: z.number().int(),
  /** The time bonus of docs/product.md §4 while it runs: a non-paid member within 4 hours of signing up. */
  time_bonus: z.object({ code: z.string(), value_percentage: z.number(), ends_at: z.string() }).nullable(),
  profile: ownProfileSchema,
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ user: userSchema });
/** A login answers the member, and whether it undid a pending deletion (docs/product.md §4). */
export const loginResponseSchema = z.object({ user: userSchema, reactivated: z.boolean() });

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("invalid_email"));
export const passwordSchema = z.string().min(1, "required").max(200);

export const loginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const languageUpdateSchema = z.object({ language: z.enum(locales) });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * The login form's fields, shared by the browser (conform) and the server. Messages are translation keys.
 * conform turns an empty field into undefined, hence the `error` for a missing value.
 */
export const loginFormSchema = z.object({
  email: z
    .string({ error: "validation.required" })
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email("validation.invalidEmail")),
  password: z.string({ error: "validation.required" }).max(200, "validation.tooLong"),
  redirectTo: z.string().optional(),
});
