import type { Logger } from "pino";
import type { SessionMember } from "../accounts/accounts.service";
import { recordStaffAction } from "../audit/staff-actions";
import { moveCredits } from "../credits/ledger";
import { type Db, nowIso } from "../db/database";
import type { PaymentRow, RefundRow, SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import { requireFreshSecondFactor } from "../http/step-up";
import type { PaymentDeps } from "../payments/payments.service";
import * as refunds from "../payments/refunds.repository";
import { askRefund } from "../payments/returns.service";
import { balanceOf, refundReason } from "./admin-payments.repository";
import { refundable, refundView } from "./admin-payments.service";

export interface RefundOrder {
  paymentId: number;
  reason: string;
  idempotencyKey: string;
  /** The staff member's address, for the audit log. */
  address: string | null;
}

/** The member spent credits between the balance read and the ledger's update: the claim is tried again. */
class SpentMeanwhile extends Error {}

/**
 * A staff refund of a whole payment through its provider (docs/product.md §6.9), on the model of a member's return
 * (api/payments/returns.service.ts) and through its functions: one transaction claims the payment's one refund row
 * (unique per payment, so two clicks or two processes make one refund), takes back the credits bought as far as the
 * balance allows through the ledger, and records the staff action; only then is the provider asked, under the
 * refund's idempotency key. A refused refund gives the credits back; an unknown outcome stays pending and the
 * scheduled check asks again.
 */
export async function refundPayment(
  deps: PaymentDeps,
  site: SiteRow,
  staff: SessionMember,
  order: RefundOrder,
  log: Logger,
) {
  requireFreshSecondFactor(staff);
  const { db } = deps;
  const payment = await db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", order.paymentId)
    .where("site_id", "=", site.id)
    .executeTakeFirst();
  if (!payment) throw new ApiError(404, "not_found", "No such payment");
  const earlier = await refunds.findRefundOfPayment(db, payment.user_id, payment.id);
  if (earlier?.idempotency_key === order.idempotencyKey) return answer(db, site, earlier);
  if (earlier && earlier.status !== "failed")
    throw new ApiError(409, "already_returned", "This payment has been refunded already");
  if (!refundable(payment)) throw new ApiError(409, "not_returnable", "This payment cannot be refunded");

  let claimed: RefundRow | null = null;
  for (let attempt = 1; ; attempt++) {
    try {
      claimed = await claimRefund(db, site, staff, payment, earlier ?? null, order);
      break;
    } catch (error) {
      if (!(error instanceof SpentMeanwhile) || attempt === 3) throw error;
    }
  }
  if (!claimed) {
    // A twin request claimed it first: it answers for both when it carried the same key.
    const twin = await refunds.findRefundOfPayment(db, payment.user_id, payment.id);
    if (twin?.idempotency_key === order.idempotencyKey) return answer(db, site, twin);
    throw new ApiError(409, "already_returned", "This payment has been refunded already");
  }
  return answer(db, site, await askRefund(deps, claimed, payment, site, log));
}

/** Claims the refund row, takes back the credits and records the staff action, in one transaction. */
function claimRefund(
  db: Db,
  site: SiteRow,
  staff: SessionMember,
  payment: PaymentRow,
  earlier: RefundRow | null,
  order: RefundOrder,
) {
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const balance = await balanceOf(trx, payment.user_id);
    // The credits bought, as far as the member still holds credits: the money goes back whole either way.
    const credits = Math.min(payment.credits, balance);
    const values = { credits, amount_cents: payment.amount_cents, idempotency_key: order.idempotencyKey };
    const refund = earlier
      ? await refunds.retryFailedRefund(trx, earlier, { ...values, updated_at: at })
      : await refunds.insertRefundOnce(trx, {
          ...values,
          user_id: payment.user_id,
          payment_id: payment.id,
          currency: payment.currency,
          status: "pending",
          attempt: 1,
          created_at: at,
          updated_at: at,
        });
    if (!refund) return null;
    if (credits > 0) {
      const moved = await moveCredits(trx, {
        userId: payment.user_id,
        amount: -credits,
        kind: "return",
        reference: `payment:${payment.id}`,
        idempotencyKey: `return:${payment.id}:${refund.attempt}`,
        at,
      });
      // Spent meanwhile: roll the claim back and read the balance again.
      if (!moved.applied) throw new SpentMeanwhile();
    }
    await recordStaffAction(trx, {
      siteId: site.id,
      staffId: staff.id,
      action: "payment.refund",
      targetUserId: payment.user_id,
      targetRef: `payment:${payment.id}`,
      reason: order.reason,
      before: { refund: earlier?.status ?? null, credits: balance },
      after: {
        refund: "pending",
        amount_cents: payment.amount_cents,
        currency: payment.currency,
        credits: balance - credits,
      },
      address: order.address,
    });
    return refund;
  });
}

/** The refund as it stands; one the provider refused is an error (422), its credits given back. */
async function answer(db: Db, site: SiteRow, refund: RefundRow) {
  if (refund.status === "failed")
    throw new ApiError(422, "refund_refused", "The payment provider did not refund this payment");
  const reason = await refundReason(db, site.id, refund.payment_id);
  return { refund: refundView(refund, reason), member_credits: await balanceOf(db, refund.user_id) };
}
