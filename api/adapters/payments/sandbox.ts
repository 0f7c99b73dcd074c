import crypto from "node:crypto";
import type { Db } from "../../db/database";
import type { PaymentStatus } from "../../db/schema";
import { type PaymentProvider, type ProviderPayment, RefundRefused } from "./provider";

/** What the payer can choose on the sandbox's checkout page. */
export const sandboxOutcomes = ["paid", "pending", "failed", "canceled", "expired"] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

export const sandboxCheckoutPath = "/api/sandbox-checkout.php";

export interface SandboxProvider extends PaymentProvider {
  /** The payer's choice on the checkout page; a pending payment clears `settleSeconds` later. */
  settle(id: string, outcome: SandboxOutcome): Promise<{ redirectUrl: string } | null>;
  find(id: string): Promise<SandboxPayment | null>;
}

export interface SandboxPayment {
  id: string;
  amountCents: number;
  currency: string;
  method: string;
  description: string;
  status: PaymentStatus;
}

/**
 * The embedded test provider (docs/architecture.md "Payments"): it keeps its payments in its own table, shows a
 * checkout page clearly marked as a test, and answers like a real provider. It never moves money.
 */
export function sandboxProvider(db: Db, { settleSeconds = 10 } = {}): SandboxProvider {
  const read = async (id: string) => {
    const row = await db.selectFrom("sandbox_payments").selectAll().where("id", "=", id).executeTakeFirst();
    if (row?.status === "pending" && row.settles_at && row.settles_at <= new Date().toISOString()) {
      await db
        .updateTable("sandbox_payments")
        .set({ status: "paid", settles_at: null })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute();
      return { ...row, status: "paid" as const, settles_at: null };
    }
    return row;
  };
  const answer = (row: { id: string; status: PaymentStatus }, redirectOrigin: string): ProviderPayment => ({
    id: row.id,
    status: row.status,
    checkoutUrl: row.status === "open" ? `${redirectOrigin}${sandboxCheckoutPath}?id=${row.id}` : null,
  });

  return {
    name: "sandbox",
    async createPayment(request) {
      // A random id, as a real provider's: nobody can guess another member's payment. The same idempotency key
      // still gives the same payment, as at a real provider.
      await db
        .insertInto("sandbox_payments")
        .values({
          id: `sbx_${crypto.randomBytes(10).toString("hex")}`,
          idempotency_key: request.idempotencyKey,
          amount_cents: request.amountCents,
          currency: request.currency,
          method: request.method,
          description: request.description,
          redirect_url: request.redirectUrl,
          status: "open",
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("idempotency_key").doNothing())
        .execute();
      const { id } = await db
        .selectFrom("sandbox_payments")
        .select("id")
        .where("idempotency_key", "=", request.idempotencyKey)
        .executeTakeFirstOrThrow();
      const row = await read(id);
      return answer(row!, new URL(request.redirectUrl).origin);
    },
    async getPayment(id) {
      const row = await read(id);
      if (!row) throw new Error(`The sandbox has no payment ${id}`);
      return answer(row, new URL(row.redirect_url).origin);
    },
    async refund(request) {
      // As a real provider: the same key answers the same refund, never a second one nor a refusal.
      return db.transaction().execute(async (trx) => {
        const id = `sbx_re_${crypto.randomBytes(8).toString("hex")}`;
        const claimed = await trx
          .insertInto("sandbox_refunds")
          .values({
            idempotency_key: request.idempotencyKey,
            id,
            payment_id: request.providerPaymentId,
            amount_cents: request.amountCents,
            created_at: new Date().toISOString(),
          })
          .onConflict((oc) => oc.column("idempotency_key").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!claimed) {
          const earlier = await trx
            .selectFrom("sandbox_refunds")
            .select("id")
            .where("idempotency_key", "=", request.idempotencyKey)
            .executeTakeFirstOrThrow();
          return { id: earlier.id };
        }
        const updated = await trx
          .updateTable("sandbox_payments")
          .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", request.amountCents) }))
          .where("id", "=", request.providerPaymentId)
          .where("status", "=", "paid")
          .where((eb) => eb(eb("refunded_cents", "+", request.amountCents), "<=", eb.ref("amount_cents")))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw new RefundRefused(`The sandbox cannot refund ${request.providerPaymentId}`);
        return { id };
      });
    },
    async findRefund({ providerPaymentId, idempotencyKey }) {
      const row = await db
        .selectFrom("sandbox_refunds")
        .select("id")
        .where("idempotency_key", "=", idempotencyKey)
        .where("payment_id", "=", providerPaymentId)
        .executeTakeFirst();
      return row ? { id: row.id } : null;
    },
    async settle(id, outcome) {
      const settlesAt = new Date(Date.now() + settleSeconds * 1000).toISOString();
      const updated = await db
        .updateTable("sandbox_payments")
        .set({ status: outcome, settles_at: outcome === "pending" ? settlesAt : null })
        .where("id", "=", id)
        .where("status", "=", "open")
        .returning("redirect_url")
        .executeTakeFirst();
      return updated ? { redirectUrl: updated.redirect_url } : null;
    },
    async find(id) {
      const row = await read(id);
      return row
        ? {
            id: row.id,
            amountCents: row.amount_cents,
            currency: row.currency,
            method: row.method,
            description: row.description,
            status: row.status,
          }
        : null;
    },
  };
}
