import { z } from "zod";
import {
  cityField,
  countryField,
  dateOfBirthField,
  genderField,
  nameField,
  newEmailField,
  newPasswordField,
  regionField,
  seekingField,
  signupMessageField,
} from "./fields";
import { landerNames, landerSlugSchema } from "./landers";
import { locales } from "./locales";
import { profileCardSchema } from "./members";
import { userSchema } from "./user";

export const trackingSchema = z.object({
  network: z.string().max(100).optional(),
  ref: z.string().max(100).optional(),
  sub1: z.string().max(100).optional(),
  sub2: z.string().max(100).optional(),
  sub3: z.string().max(100).optional(),
  /** The lander of the first visit, when it was to one, and its slug (docs/product.md §3.11). */
  lander: z.enum(landerNames).optional(),
  slug: landerSlugSchema.optional(),
});
export type Tracking = z.infer<typeof trackingSchema>;

/** The whole signup, as POST /api/signup.php takes it. */
export const signupRequestSchema = z
  .object({
    gender: genderField,
    seeking: seekingField,
    date_of_birth: dateOfBirthField,
    country: countryField,
    region: regionField,
    city: cityField,
    name: nameField,
    signup_message: signupMessageField,
    email: newEmailField,
    password: newPasswordField,
    language: z.enum(locales),
    tracking: trackingSchema.optional(),
    invite_code: z.string().trim().max(40).optional(),
    /** Signing up from a member's profile (docs/product.md §2 /members/{id}/signup). */
    profile_id: z.number().int().positive().optional(),
  })
  // docs/product.md §5: the username may not be the email address.
  .refine((s) => s.name.toLowerCase() !== s.email.toLowerCase(), { path: ["name"], message: "validation.nameIsEmail" });
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export const signupResponseSchema = z.object({ user: userSchema });

/** GET /api/invite.php: whether a code opens the signup of an invite-only site (docs/product.md §2.12). */
export const inviteQuerySchema = z.object({ code: z.string().trim().min(1).max(40) });

export const signupMatchesResponseSchema = z.object({ profiles: z.array(profileCardSchema) });
