import type { Logger } from "pino";
import type { Refund, Returnable } from "../../contract/payments";
import { RefundRefused } from "../adapters/payments/provider";
import { moveCredits } from "../credits/ledger";
import { unusedCreditsByPayment } from "../credits/unused-credits";
import { type Db, type DbOrTx, nowIso } from "../db/database";
import type { PaymentRow, RefundRow, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import type { PaymentDeps } from "./payments.service";
import { viewWithCode } from "./payments.service";
import * as refunds from "./refunds.repository";

const dayMs = 24 * 3600_000;

const refundView = (row: RefundRow): Refund => ({
  id: row.id,
  payment_id: row.payment_id,
  credits: row.credits,
  amount: { cents: row.amount_cents, currency: row.currency },
  status: row.status,
  created_at: row.created_at,
});

interface ReturnOffer {
  payment: PaymentRow;
  unused: number;
  refundCents: number;
  until: string;
}

/**
 * The member's purchases that can be returned now (docs/product.md §1.3): paid within refund_days, with unused
 * credits, and not returned already (a failed return may be tried again). The money back is the unused share of what
 * was paid, rounded down to the cent.
 */
async function returnOffers(db: DbOrTx, site: SiteRow, member: UserRow): Promise<ReturnOffer[]> {
  const since = new Date(Date.now() - site.refund_days * dayMs).toISOString();
  const [payments, movements, done] = await Promise.all([
    db
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", member.id)
      .where("status", "=", "paid")
      .where("paid_at", ">=", since)
      // A direct debit is reversed at the member's bank (8 weeks under SEPA rules), not refunded by a provider.
      .where("provider", "<>", "directdebit")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("credit_ledger")
      .select(["reason as kind", "delta", "reference"])
      .where("user_id", "=", member.id)
      .where("refused", "=", 0)
      .orderBy("id")
      .execute(),
    refunds.listOwnRefunds(db, member.id),
  ]);
  const unused = unusedCreditsByPayment(movements);
  const returned = new Set(done.filter((r) => r.status !== "failed").map((r) => r.payment_id));
  return payments.flatMap((payment) => {
    const left = unused.get(payment.id) ?? 0;
    if (left <= 0 || returned.has(payment.id) || !payment.paid_at) return [];
    return [
      {
        payment,
        unused: left,
        refundCents: Math.floor((payment.amount_cents * left) / payment.credits),
        until: new Date(Date.parse(payment.paid_at) + site.refund_days * dayMs).toISOString(),
      },
    ];
  });
}

/** GET returns.php: what can be returned, and the returns made. */
export async function listReturns(db: Db, site: SiteRow, member: UserRow) {
  const [offers, made] = await Promise.all([returnOffers(db, site, member), refunds.listOwnRefunds(db, member.id)]);
  const returnable: Returnable[] = await Promise.all(
    offers.map(async (offer) => ({
      payment: await viewWithCode(db, offer.payment),
      unused_credits: offer.unused,
      refund: { cents: offer.refundCents, currency: offer.payment.currency },
      until: offer.until,
    })),
  );
  return { refund_days: site.refund_days, returnable, refunds: made.map(refundView), credits: member.credits };
}

/**
 * Returns a purchase's unused credits (docs/architecture.md "Returns"). One transaction claims the return and removes
 * the credits through the ledger; then the provider refunds the money under a key of this try. If the provider
 * refuses, the credits come back; if its answer is lost, the return stays pending and the scheduled check asks again
 * with the same key, so the money is never refunded twice nor the credits lost.
 */
export async function returnPurchase(
  deps: PaymentDeps,
  site: SiteRow,
  member: UserRow,
  paymentId: number,
  idempotencyKey: string,
  log: Logger,
) {
  const { db } = deps;
  const earlier = await refunds.findRefundOfPayment(db, member.id, paymentId);
  if (earlier?.idempotency_key === idempotencyKey) return answer(db, member, earlier);
  // A new try of a refused return is a new request: it comes with a new key.
  if (earlier && earlier.status !== "failed")
    throw new ApiError(409, "already_returned", "This purchase has been returned already");

  const claimed = await db.transaction().execute(async (trx) => {
    const offer = (await returnOffers(trx, site, member)).find((o) => o.payment.id === paymentId);
    if (!offer) {
      // A twin request returned it a moment ago (committed after our first look): say so, as for a later request.
      const twin = await refunds.findRefundOfPayment(trx, member.id, paymentId);
      if (twin && twin.status !== "failed")
        throw new ApiError(409, "already_returned", "This purchase has been returned already");
      throw new ApiError(409, "not_returnable", "This purchase cannot be returned");
    }
    const at = nowIso();
    const values = { credits: offer.unused, amount_cents: offer.refundCents, idempotency_key: idempotencyKey };
    const refund = earlier
      ? await refunds.retryFailedRefund(trx, earlier, { ...values, updated_at: at })
      : await refunds.insertRefundOnce(trx, {
          ...values,
          user_id: member.id,
          payment_id: paymentId,
          currency: offer.payment.currency,
          status: "pending",
          attempt: 1,
          created_at: at,
          updated_at: at,
        });
    // A twin request claimed it first: it answers for both.
    if (!refund) return null;
    const moved = await moveCredits(trx, {
      userId: member.id,
      amount: -refund.credits,
      kind: "return",
      reference: `payment:${paymentId}`,
      idempotencyKey: `return:${paymentId}:${refund.attempt}`,
      at,
    });
    // Spent meanwhile: nothing is claimed, nothing moves.
    if (!moved.applied) throw new ApiError(409, "not_returnable", "These credits have been spent meanwhile");
    return { refund, payment: offer.payment };
  });
  if (!claimed) {
    const twin = await refunds.findRefundOfPayment(db, member.id, paymentId);
    if (twin?.idempotency_key === idempotencyKey) return answer(db, member, twin);
    throw new ApiError(409, "already_returned", "This purchase has been returned already");
  }
  return answer(db, member, await askRefund(deps, claimed.refund, claimed.payment, site, log));
}

/** The return as it stands; one the provider refused is an error (422: final, not to be retried as it is). */
async function answer(db: Db, member: UserRow, refund: RefundRow) {
  if (refund.status === "failed")
    throw new ApiError(422, "refund_refused", "The payment provider did not refund this purchase");
  const user = await db.selectFrom("users").select("credits").where("id", "=", member.id).executeTakeFirstOrThrow();
  return { refund: refundView(refund), credits: user.credits };
}

/**
 * Asks the provider to refund one try of a return, and records what it answered. Also the second half of a staff
 * refund (api/admin-payments/admin-refund.service.ts), which claims its refund row the same way.
 */
export async function askRefund(
  { db, provider }: PaymentDeps,
  refund: RefundRow,
  payment: PaymentRow,
  site: SiteRow,
  log: Logger,
): Promise<RefundRow> {
  const at = () => nowIso();
  if (!payment.provider_payment_id || payment.provider !== provider.name) {
    log.error({ refundId: refund.id, paymentId: payment.id }, "a return of a payment another provider holds");
    return undoRefund(db, refund, at());
  }
  const key = {
    providerPaymentId: payment.provider_payment_id,
    idempotencyKey: `refund-${refund.id}-${refund.attempt}`,
  };
  try {
    const { id } = await provider.refund({
      ...key,
      amountCents: refund.amount_cents,
      currency: refund.currency,
      description: `${site.name} · ${refund.credits} credits returned`,
    });
    return settled(db, refund, payment, id, log);
  } catch (error) {
    // A 4xx may mean "refunded already" (a twin request, a retry after a lost answer) and an error may hide a
    // success: the provider is asked whether it holds a refund under this key before anything is undone.
    const found = await provider.findRefund(key).catch((lookup) => {
      log.error({ refundId: refund.id, err: lookup }, "a refund could not be looked up at the provider");
      return undefined;
    });
    if (found) return settled(db, refund, payment, found.id, log);
    if (error instanceof RefundRefused && found === null) {
      log.warn({ refundId: refund.id, err: error }, "the provider refused a refund: credits given back");
      return undoRefund(db, refund, at());
    }
    log.error(
      { refundId: refund.id, err: error },
      "a refund's outcome is unknown: it stays pending and is asked again",
    );
    return refund;
  }
}

/** The provider refunded the try: it ends as refunded. */
async function settled(db: Db, refund: RefundRow, payment: PaymentRow, id: string, log: Logger): Promise<RefundRow> {
  await refunds.settleRefund(db, refund, { status: "refunded", provider_refund_id: id, updated_at: nowIso() });
  log.info({ refundId: refund.id, paymentId: payment.id, credits: refund.credits }, "purchase returned");
  return { ...refund, status: "refunded", provider_refund_id: id };
}

/** The provider refused: the try ends as failed and its credits go back, in one transaction. */
async function undoRefund(db: Db, refund: RefundRow, at: string): Promise<RefundRow> {
  await db.transaction().execute(async (trx) => {
    if (!(await refunds.settleRefund(trx, refund, { status: "failed", updated_at: at }))) return;
    await moveCredits(trx, {
      userId: refund.user_id,
      amount: refund.credits,
      kind: "adjustment",
      reference: `payment:${refund.payment_id}`,
      idempotencyKey: `return-undone:${refund.payment_id}:${refund.attempt}`,
      at,
    });
  });
  return { ...refund, status: "failed" };
}

/**
 * The scheduled check: returns left pending (a lost answer, a crash) are asked again under their own key. Each is
 * claimed first (its updated_at moved on, only from the value read), so that of several processes checking at once
 * one asks the provider about it.
 */
export async function checkPendingRefunds(
  deps: PaymentDeps,
  log: Logger,
  { olderThanMs = 2 * 60_000, limit = 50 } = {},
) {
  const { db } = deps;
  const pending = await refunds.listPendingRefunds(db, new Date(Date.now() - olderThanMs).toISOString(), limit);
  let asked = 0;
  for (const refund of pending) {
    const claimed = await refunds.claimPendingRefund(db, refund, nowIso());
    if (!claimed) continue;
    const payment = await db.selectFrom("payments").selectAll().where("id", "=", refund.payment_id).executeTakeFirst();
    const site =
      payment && (await db.selectFrom("sites").selectAll().where("id", "=", payment.site_id).executeTakeFirst());
    if (payment && site) await askRefund(deps, claimed, payment, site, log);
    asked++;
  }
  return asked;
}
