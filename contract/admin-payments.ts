import { z } from "zod";
import { adminPaymentFilterStatuses } from "./admin-values";
import { ledgerKinds, moneySchema, paymentStatuses } from "./payments";

/**
 * The admin area's payments (docs/product.md §6.9): the list with its filters, one payment with its ledger rows, and
 * the refund of a payment through its provider.
 */

export { type AdminPaymentFilterStatus, adminPaymentFilterStatuses } from "./admin-values";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ example: "2026-11-01" });
/** An empty form field (a plain GET form sends every field) means no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const adminPaymentsQuerySchema = z.object({
  status: optional(z.enum(adminPaymentFilterStatuses)),
  method: optional(
    z
      .string()
      .regex(/^[a-z]{2,20}$/)
      .meta({ example: "creditcard" }),
  ),
  /** The paying member's country. */
  country: optional(
    z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ example: "NL" }),
  ),
  /** Made on or after this day (UTC). */
  from: optional(day),
  /** Made on or before this day (UTC). */
  to: optional(day),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

const refundStatuses = ["pending", "refunded", "failed"] as const;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  status: z.enum(paymentStatuses),
  /** The refund of this payment (the member's return or staff's), if any. */
  refund_status: z.enum(refundStatuses).nullable(),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string(), country: z.string() }),
  credits: z.number().int(),
  amount: moneySchema,
  method: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsResponseSchema = z.object({
  payments: z.array(adminPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** The methods and countries the site's payments have, for the filter's choices. */
  methods: z.array(z.string()),
  countries: z.array(z.string()),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const adminPaymentQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const adminRefundSchema = z.object({
  credits: z.number().int(),
  amount: moneySchema,
  status: z.enum(refundStatuses),
  provider_refund_id: z.string().nullable(),
  created_at: z.string(),
  /** The staff member's reason, when staff refunded it (a member's return has none). */
  reason: z.string().nullable(),
});

export const adminPaymentDetailSchema = z.object({
  payment: adminPaymentSchema,
  bundle: z.object({ id: z.number().int(), credits: z.number().int(), price: moneySchema }).nullable(),
  /** What the member holds now: a refund takes back at most this. */
  member_credits: z.number().int(),
  /** The ledger rows the payment caused: its purchase, a return or refund, the undoing of a refused one. */
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(ledgerKinds),
      delta: z.number().int(),
      balance_after: z.number().int(),
      refused: z.boolean(),
      created_at: z.string(),
    }),
  ),
  refund: adminRefundSchema.nullable(),
  /** Whether staff may refund it now: paid, at its provider, and not refunded already. */
  refundable: z.boolean(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const adminRefundRequestSchema = z.object({
  payment: z.coerce.number().int().positive(),
  reason: z.string().trim().min(3, "admin.payments.reasonRequired").max(500, "admin.payments.reasonTooLong"),
});

export const adminRefundResponseSchema = z.object({ refund: adminRefundSchema, member_credits: z.number().int() });
