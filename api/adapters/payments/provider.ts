import type { PaymentStatus } from "../../db/schema";

/** What the site asks a payment provider to collect. */
export interface PaymentRequest {
  amountCents: number;
  currency: string;
  /** One of contract/payments.ts `paymentMethods`. */
  method: string;
  description: string;
  /** Where the payer's browser goes back to after paying (or not). */
  redirectUrl: string;
  /** Where the provider reports a change of state: it posts `id=<provider payment id>` and nothing else. */
  webhookUrl: string;
  /** The site's own payment id, kept by the provider for support. */
  reference: string;
  /** Sent to the provider, so a retried create makes one payment (docs/architecture.md "Payments"). */
  idempotencyKey: string;
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  /** Where to send the payer to pay; absent once the payment is no longer open. */
  checkoutUrl: string | null;
}

export interface RefundRequest {
  providerPaymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  idempotencyKey: string;
}

/**
 * The provider said no to a refund (it answered 4xx): nothing was refunded. Any other failure leaves the outcome
 * unknown, so the refund is asked again with the same idempotency key rather than undone.
 */
export class RefundRefused extends Error {
  override name = "RefundRefused";
}

/**
 * A payment provider (docs/architecture.md "Payments"): `sandbox` (embedded, for the demo and tests) or `mollie`. Its
 * answers are the truth about a payment; a webhook only says "ask again", so forged or replayed ones change nothing.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "mollie";
  createPayment(request: PaymentRequest): Promise<ProviderPayment>;
  getPayment(providerPaymentId: string): Promise<ProviderPayment>;
  refund(request: RefundRequest): Promise<{ id: string }>;
  /**
   * The refund of a payment asked with this idempotency key, or null when the provider has none: what decides an
   * ambiguous answer (a lost one, or a 4xx that may mean "refunded already") before anything is undone.
   */
  findRefund(request: { providerPaymentId: string; idempotencyKey: string }): Promise<{ id: string } | null>;
}
