import { z } from "zod";
import { changedEmailField, currentPasswordField, newEmailField, newPasswordField, typedTwice } from "./fields";

/** Account requests after signup: mailed links, password and e-mail changes, deletion and its retention offers. */
export const tokenRequestSchema = z.object({ token: z.string().min(10).max(200) });
export const emailRequestSchema = z.object({ email: newEmailField });
export const passwordResetSchema = z.object({ token: z.string().min(10).max(200), password: newPasswordField });
export const passwordChangeSchema = z.object({ old_password: currentPasswordField, new_password: newPasswordField });
export const mailChangeSchema = z.object({ email: changedEmailField, password: currentPasswordField });
export const accountDeleteSchema = z.object({ password: currentPasswordField, reason: z.string().max(500).optional() });
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

/** The password reset form: the new password twice. */
export const newPasswordTwiceSchema = typedTwice({ password: newPasswordField }, "password", "password_confirm");

/** The settings screen's password form: the old one, and the new one twice. */
export const passwordChangeFormSchema = typedTwice(
  { old_password: currentPasswordField, new_password: newPasswordField },
  "new_password",
  "new_password_confirm",
);

/**
 * The answer to following the activation link: the member the new member signed up to meet, when they may still see
 * them, is the first to write to (docs/product.md §2.23); null otherwise.
 */
export const activateResponseSchema = z.object({
  ok: z.literal(true),
  write_to: z.number().int().positive().nullable(),
});
