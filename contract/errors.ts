import { z } from "zod";

/** Every error code the API answers with; the web tier translates by code (docs/architecture.md "The API contract"). */
export const errorCodes = [
  "authentication_required",
  "login_failed",
  "account_blocked",
  "account_pending_deletion",
  "validation_failed",
  "site_not_found",
  "not_found",
  "forbidden_origin",
  "rate_limited",
  "internal_error",
  "signups_closed",
  "invite_invalid",
  "email_taken",
  "invalid_date_of_birth",
  "activation_failed",
  "email_not_found",
  "too_many_resets",
  "link_invalid",
  "wrong_password",
  "mail_failed",
  "swipe_limit",
  "weak_password",
  "payload_too_large",
  "unsupported_media_type",
  "method_not_allowed",
  "idempotency_key_required",
  "payments_unavailable",
  "provider_failed",
  "discount_not_found",
  "discount_used",
  "insufficient_credits",
  "not_returnable",
  "already_returned",
  "refund_refused",
  "direct_debit_blocked",
  "direct_debit_limit",
  "code_invalid",
  "premium_required",
  "blocked",
  "read_only",
  "invisible",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  error: z.enum(errorCodes),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
