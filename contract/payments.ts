import { z } from "zod";

/**
 * Payment methods of docs/product.md §9, by the ids Mollie uses. Direct debit has its own flow (/directdebit); the
 * others go through the provider's checkout.
 */
export const paymentMethods = [
  "ideal",
  "bancontact",
  "blik",
  "przelewy24",
  "giropay",
  "eps",
  "sofort",
  "creditcard",
  "paypal",
  "applepay",
  "banktransfer",
  "paysafecard",
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The euro countries: SEPA transfers and direct debits. */
export const euroCountries = ["NL", "BE", "DE", "AT", "FR", "IT", "ES", "IE", "FI"];
/** Where a local method works; the rest work everywhere the site sells. */
const methodCountries: Partial<Record<PaymentMethod, readonly string[]>> = {
  ideal: ["NL"],
  bancontact: ["BE"],
  blik: ["PL"],
  przelewy24: ["PL"],
  giropay: ["DE"],
  eps: ["AT"],
  sofort: ["DE", "AT", "BE", "NL", "IT", "ES", "CH"],
  // A SEPA transfer: euro countries only.
  banktransfer: euroCountries,
};

/** The methods offered in a country, its own methods first. */
export function methodsForCountry(country: string): PaymentMethod[] {
  const local = paymentMethods.filter((m) => methodCountries[m]?.includes(country));
  const everywhere = paymentMethods.filter((m) => !methodCountries[m]);
  return [...local, ...everywhere];
}

const currencies: Record<string, string> = {
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  CH: "CHF",
  PL: "PLN",
  DK: "DKK",
  NO: "NOK",
  SE: "SEK",
};
/** The currency a member in `country` pays in: the euro unless the country has its own. */
export const currencyOf = (country: string) => currencies[country] ?? "EUR";

/**
 * The VAT included in consumer prices where the company must charge it (standard rates, 2026), in percent; no line
 * where none applies (US and Canadian sales taxes are the seller's to settle per state).
 */
const vatRates: Record<string, number> = {
  NL: 21,
  BE: 21,
  DE: 19,
  AT: 20,
  FR: 20,
  IT: 22,
  ES: 21,
  IE: 23,
  FI: 25.5,
  PL: 23,
  DK: 25,
  SE: 25,
  GB: 20,
  NO: 25,
  CH: 8.1,
  AU: 10,
  NZ: 15,
};
export const vatRateOf = (country: string): number | null => vatRates[country] ?? null;

/** Money as the API answers it: integer cents and the ISO currency. */
export const moneySchema = z.object({ cents: z.number().int(), currency: z.string().length(3) });
export type Money = z.infer<typeof moneySchema>;

export const bundleSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  price: moneySchema,
  /** After the discount the member holds, when one applies. */
  discounted_price: moneySchema.nullable(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** A discount the member can use now: the time bonus, or a code they were given. */
export const activeDiscountSchema = z.object({
  code: z.string(),
  value_percentage: z.number(),
  expires: z.string().nullable(),
});

/** What credits buy on the site, in credits (docs/product.md §1.4). */
export const creditPricesSchema = z.object({
  message: z.number().int(),
  photo: z.number().int(),
  gift: z.number().int(),
});

/** GET /api/credits.php: the bundles in the member's currency, the methods of their country, the site's prices. */
export const creditsResponseSchema = z.object({
  country: z.string(),
  currency: z.string(),
  bundles: z.array(bundleSchema),
  methods: z.array(z.enum(paymentMethods)),
  /** Whether the member can pay by SEPA direct debit (/directdebit). */
  direct_debit: z.boolean(),
  prices: creditPricesSchema,
  discount: activeDiscountSchema.nullable(),
  credits: z.number().int(),
  paid_user: z.boolean(),
});

/** GET /api/pricing.php: public prices for a country, with the price per credit of the cheapest and dearest bundle. */
export const pricingQuerySchema = z.object({ country: z.string().length(2).toUpperCase().optional() });
export const pricingResponseSchema = z.object({
  country: z.string(),
  currency: z.string(),
  bundles: z.array(bundleSchema),
  prices: creditPricesSchema,
});

export const paymentCreateSchema = z.object({
  bundle: z.coerce.number().int().positive(),
  method: z.enum(paymentMethods),
  discountcode: z.string().trim().max(40).optional(),
});

export const paymentStatuses = ["open", "pending", "paid", "failed", "canceled", "expired"] as const;

export const paymentSchema = z.object({
  id: z.number().int(),
  status: z.enum(paymentStatuses),
  bundle_id: z.number().int(),
  credits: z.number().int(),
  price: moneySchema,
  original_price: moneySchema,
  method: z.string(),
  discountcode: z.string().nullable(),
  checkout_url: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentResponseSchema = z.object({
  payment: paymentSchema,
  credits: z.number().int(),
  paid_user: z.boolean(),
});
export const paymentQuerySchema = z.object({ id: z.coerce.number().int().positive() });
/** What a provider's webhook posts: only its own payment id, so nothing it says is taken on trust. */
export const paymentWebhookSchema = z.object({ id: z.string().min(1).max(100) });

export const ledgerKinds = [
  "purchase",
  "signup_bonus",
  "retention_bonus",
  "message",
  "photo",
  "gift",
  "refund",
  "return",
  "adjustment",
] as const;
/** Why credits moved: the `reason` of a ledger entry (docs/product.md §3.9). */
export type LedgerKind = (typeof ledgerKinds)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerKinds),
  delta: z.number().int(),
  balance_after: z.number().int(),
  refused: z.boolean(),
  payment_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const transactionsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10000).default(1) });
export const transactionsResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  credits: z.number().int(),
});
export const transactionQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const transactionResponseSchema = z.object({
  entry: ledgerEntrySchema,
  payment: paymentSchema.nullable(),
  /** In percent, included in the price; null where no VAT line applies. */
  vat_rate: z.number().nullable(),
  country: z.string(),
});

/** The price after a percentage off, rounded down to the cent in the payer's favour (docs/architecture.md "Payments"). */
export const discountedCents = (cents: number, percentage: number) => Math.floor((cents * (100 - percentage)) / 100);

export const discountQuerySchema = z.object({
  code: z.string().trim().max(40).optional(),
  welcome: z.enum(["true", "false"]).optional(),
  bundle: z.coerce.number().int().positive().optional(),
  method: z.enum(paymentMethods).optional(),
});

export const refundStatuses = ["pending", "refunded", "failed"] as const;

/** A return of unused credits: `pending` while the provider has not confirmed the refund. */
export const refundSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  credits: z.number().int(),
  amount: moneySchema,
  status: z.enum(refundStatuses),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A purchase whose unused credits can be returned now, and for how much, until when. */
export const returnableSchema = z.object({
  payment: paymentSchema,
  unused_credits: z.number().int(),
  refund: moneySchema,
  until: z.string(),
});
export type Returnable = z.infer<typeof returnableSchema>;

/** GET /api/returns.php: what the member may return (docs/product.md §1.3) and the returns they made. */
export const returnsResponseSchema = z.object({
  refund_days: z.number().int(),
  returnable: z.array(returnableSchema),
  refunds: z.array(refundSchema),
  credits: z.number().int(),
});

export const returnRequestSchema = z.object({ payment: z.coerce.number().int().positive() });
export const returnResponseSchema = z.object({ refund: refundSchema, credits: z.number().int() });

/** GET /api/repeat-orders.php: bundles the member bought before, with the method, still on sale at today's price. */
export const repeatOrdersResponseSchema = z.object({
  orders: z.array(
    z.object({
      bundle: bundleSchema,
      method: z.enum(paymentMethods),
      last_paid_at: z.string(),
    }),
  ),
  discount: activeDiscountSchema.nullable(),
});
