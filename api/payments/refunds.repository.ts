import type { Insertable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { RefundRow, RefundsTable } from "../db/schema";

export function listOwnRefunds(db: DbOrTx, userId: number) {
  return db.selectFrom("refunds").selectAll().where("user_id", "=", userId).orderBy("id", "desc").execute();
}

export function findRefundOfPayment(db: DbOrTx, userId: number, paymentId: number) {
  return db
    .selectFrom("refunds")
    .selectAll()
    .where("user_id", "=", userId)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

/** The first return of a purchase; nothing when one exists already (the payment id is unique). */
export function insertRefundOnce(db: DbOrTx, refund: Insertable<RefundsTable>) {
  return db
    .insertInto("refunds")
    .values(refund)
    .onConflict((oc) => oc.column("payment_id").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Another try of a return whose provider refused it: only from `failed`, so two tries cannot overlap. */
export function retryFailedRefund(
  db: DbOrTx,
  refund: RefundRow,
  values: { credits: number; amount_cents: number; idempotency_key: string; updated_at: string },
) {
  return db
    .updateTable("refunds")
    .set({ ...values, status: "pending", attempt: refund.attempt + 1 })
    .where("id", "=", refund.id)
    .where("status", "=", "failed")
    .returningAll()
    .executeTakeFirst();
}

/** Ends a try that is still pending; answers whether this call ended it. */
export async function settleRefund(
  db: DbOrTx,
  refund: RefundRow,
  values: { status: "refunded" | "failed"; provider_refund_id?: string; updated_at: string },
) {
  const result = await db
    .updateTable("refunds")
    .set(values)
    .where("id", "=", refund.id)
    .where("attempt", "=", refund.attempt)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Returns whose provider has not confirmed them a while after they began: the scheduled check asks again. */
export function listPendingRefunds(db: DbOrTx, before: string, limit: number) {
  return db
    .selectFrom("refunds")
    .selectAll()
    .where("status", "=", "pending")
    .where("updated_at", "<", before)
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}

/**
 * Claims a pending return for one check: its updated_at moves to `at`, only if no other check moved it since it was
 * read. Answers the claimed row, or nothing when another process has it.
 */
export function claimPendingRefund(db: DbOrTx, refund: RefundRow, at: string) {
  return db
    .updateTable("refunds")
    .set({ updated_at: at })
    .where("id", "=", refund.id)
    .where("attempt", "=", refund.attempt)
    .where("status", "=", "pending")
    .where("updated_at", "=", refund.updated_at)
    .returningAll()
    .executeTakeFirst();
}
