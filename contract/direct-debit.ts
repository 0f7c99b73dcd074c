import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";
import { moneySchema, paymentResponseSchema } from "./payments";

/** An IBAN as the bank writes it electronically (no spaces, capitals), or null if it is not a valid SEPA IBAN. */
export function sepaIban(value: string): string | null {
  const iban = electronicFormatIBAN(value);
  return iban && isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2)) ? iban : null;
}

/** A mobile number in E.164, read as the member's country writes it unless it starts with +; else null. */
export function mobileNumber(value: string, country: string): string | null {
  const phone = parsePhoneNumberFromString(value, country as Parameters<typeof parsePhoneNumberFromString>[1]);
  return phone?.isValid() ? phone.number : null;
}

/** A transform to the normal form `normalise` gives, or the issue `message` when it gives none. */
function normalisedOr(normalise: (value: string) => string | null, message: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const normal = normalise(value);
    if (normal === null) ctx.addIssue({ code: "custom", message });
    return normal ?? z.NEVER;
  };
}

/**
 * The direct debit form (docs/product.md §5), shared by the API and the web tier; messages are translation keys.
 * The mobile number is read for `country`, the member's.
 */
export function directDebitDetailsSchema(country: string) {
  return z.object({
    holder: z
      .string({ error: "validation.required" })
      .trim()
      .min(2, "directDebit.holderShort")
      .max(70, "validation.tooLong"),
    iban: z
      .string({ error: "validation.required" })
      .max(42, "directDebit.ibanInvalid")
      .transform(normalisedOr(sepaIban, "directDebit.ibanInvalid")),
    street: z
      .string({ error: "validation.required" })
      .trim()
      .min(2, "validation.required")
      .max(100, "validation.tooLong"),
    postcode: z
      .string({ error: "validation.required" })
      .trim()
      .min(2, "validation.required")
      .max(12, "validation.tooLong"),
    city: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(60, "validation.tooLong"),
    phone: z
      .string({ error: "validation.required" })
      .max(25, "directDebit.phoneInvalid")
      .transform(normalisedOr((value) => mobileNumber(value, country), "directDebit.phoneInvalid")),
  });
}

/** POST /api/directdebit.php: the bundle and the mandate's details; the SMS code goes to the mobile number. */
export const directDebitStartSchema = z.object({
  bundle: z.coerce.number().int().positive(),
  holder: z.string().max(200),
  iban: z.string().max(200),
  street: z.string().max(200),
  postcode: z.string().max(200),
  city: z.string().max(200),
  phone: z.string().max(200),
  authorized: z.literal(true),
});

export const directDebitRequestSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  price: moneySchema,
  /** The number the code went to, all but its last digits hidden. */
  phone: z.string(),
  expires_at: z.string(),
  status: z.enum(["sent", "confirmed", "dead"]),
  payment_id: z.number().int().nullable(),
});
export const directDebitResponseSchema = z.object({ request: directDebitRequestSchema });
export const directDebitQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/directdebit-confirm.php: the SMS code; the right one pays the bundle at once. */
export const directDebitConfirmSchema = z.object({
  request: z.coerce.number().int().positive(),
  code: z.string().trim().max(10),
});
export const directDebitConfirmResponseSchema = paymentResponseSchema;

/** What a direct debit refusal for the limit carries: the limit and when the oldest debit in it drops out. */
export const directDebitLimitSchema = z.object({ limit: moneySchema, resets_at: z.string() });
