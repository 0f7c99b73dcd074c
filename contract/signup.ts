import { z } from "zod";
import { locales } from "./locales";
import { userSchema } from "./user";
import { profileCardSchema } from "./members";

/**
 * Field schemas of the signup form, shared by the browser (conform), the web tier's action and the API.
 * Messages are translation keys of the web tier's common namespace.
 */
const required = { error: "validation.required" };

export const genderField = z.enum(["male", "female"], required);
export const seekingField = z.enum(["male", "female", "both"], required);
export const dateOfBirthField = z
  .string(required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalidDob")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "validation.invalidDob");
export const countryField = z.string(required).regex(/^[A-Z]{2}$/, "validation.required");
export const regionField = z.string().max(20).optional();
export const cityField = z.string().trim().max(80, "validation.tooLong").optional();
export const nameField = z
  .string(required)
  .trim()
  .min(2, "validation.nameTooShort")
  .max(30, "validation.tooLong")
  .refine((value) => !value.startsWith("@"), "validation.nameAt");
export const signupMessageField = z.string().trim().max(500, "validation.tooLong").optional();
const emailField = (invalid: string) => z.string(required).trim().toLowerCase().max(254, "validation.tooLong").pipe(z.email(invalid));
export const newEmailField = emailField("validation.invalidEmail");
/** A member's next address, on e-mail change: its own message (SPEC §5 'New email adress is invalid.'). */
export const changedEmailField = emailField("validation.newEmailInvalid");
export const newPasswordField = z.string(required).min(8, "validation.passwordTooShort").max(200, "validation.tooLong");

export const trackingSchema = z.object({
  network: z.string().max(100).optional(),
  ref: z.string().max(100).optional(),
  sub1: z.string().max(100).optional(),
  sub2: z.string().max(100).optional(),
  sub3: z.string().max(100).optional(),
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
    /** Signing up from a member's profile (SPEC §2 /members/{id}/signup). */
    profile_id: z.number().int().positive().optional(),
  })
  // SPEC §5: the username may not be the email address.
  .refine((s) => s.name.toLowerCase() !== s.email.toLowerCase(), { path: ["name"], message: "validation.nameIsEmail" });
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export const signupResponseSchema = z.object({ user: userSchema });

export const tokenRequestSchema = z.object({ token: z.string().min(10).max(200) });
export const emailRequestSchema = z.object({ email: newEmailField });
export const passwordResetSchema = z.object({ token: z.string().min(10).max(200), password: newPasswordField });
export const passwordChangeSchema = z.object({ old_password: z.string(required).max(200), new_password: newPasswordField });
export const mailChangeSchema = z.object({ email: changedEmailField, password: z.string(required).max(200) });
export const accountDeleteSchema = z.object({ password: z.string(required).max(200), reason: z.string().max(500).optional() });
export const retentionOfferSchema = z.object({ offer: z.number().int().min(0).max(10) });

export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number(),
  currency: z.string().nullable(),
  minimum_order_value: z.number(),
  status: z.enum(["active", "used", "expired"]),
  validity: z.string(),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()),
});
export const discountCodeResponseSchema = z.object({ discountcode: discountCodeSchema });

export const signupMatchesResponseSchema = z.object({ profiles: z.array(profileCardSchema) });

/** A new password typed twice (SPEC §5: 'The entered passwords are not the same.'). */
export const newPasswordTwiceSchema = z
  .object({ password: newPasswordField, password_confirm: z.string({ error: "validation.required" }) })
  .refine((v) => v.password === v.password_confirm, { path: ["password_confirm"], message: "validation.passwordsDiffer" });

/** The settings screen's password form: the old one, and the new one twice. */
export const passwordChangeFormSchema = z
  .object({
    old_password: z.string({ error: "validation.required" }).max(200),
    new_password: newPasswordField,
    new_password_confirm: z.string({ error: "validation.required" }),
  })
  .refine((v) => v.new_password === v.new_password_confirm, { path: ["new_password_confirm"], message: "validation.passwordsDiffer" });
