import type { Insertable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { PaymentStatus, PaymentsTable } from "../db/schema";

export function listBundles(db: DbOrTx, siteId: number, currency: string) {
  return db
    .selectFrom("credit_bundles")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("currency", "=", currency)
    .where("retired_at", "is", null)
    .orderBy("position")
    .execute();
}

/** A new payment, or nothing when the member already made one with this idempotency key. */
export function insertPaymentOnce(db: DbOrTx, payment: Insertable<PaymentsTable>) {
  return db
    .insertInto("payments")
    .values(payment)
    .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
    .execute();
}

export function findPaymentByKey(db: DbOrTx, userId: number, idempotencyKey: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

/** A unique index refused a row (SQLite or PostgreSQL): here, a discount code another payment claimed first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** The member's own payment: nobody reaches another member's. */
export function findOwnPayment(db: DbOrTx, userId: number, id: number) {
  return db.selectFrom("payments").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export function findPaymentByProviderId(db: DbOrTx, provider: string, providerPaymentId: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("provider", "=", provider)
    .where("provider_payment_id", "=", providerPaymentId)
    .executeTakeFirst();
}

export function setProviderPayment(
  db: DbOrTx,
  id: number,
  values: { provider_payment_id: string; checkout_url: string | null; status: PaymentStatus; updated_at: string },
) {
  return db.updateTable("payments").set(values).where("id", "=", id).execute();
}

/** The states in which a payment will not be paid: it lets go of its discount code. */
const releasesCode: PaymentStatus[] = ["failed", "canceled", "expired"];

/**
 * Moves a payment to a new state, unless it is paid: paid is final. A payment that fails, is canceled or expires
 * releases its discount code. Answers whether this call changed it.
 */
export async function changeStatus(db: DbOrTx, id: number, status: PaymentStatus, at: string): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({
      status,
      updated_at: at,
      ...(status === "paid" ? { paid_at: at, checkout_url: null } : {}),
      ...(releasesCode.includes(status) ? { discount_claim: null } : {}),
    })
    .where("id", "=", id)
    .where("status", "<>", "paid")
    .where("status", "<>", status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Payments still waiting for their provider, oldest first, created before `before`. */
export function listUnsettledPayments(db: DbOrTx, before: string, limit: number) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("status", "in", ["open", "pending"])
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Each bundle and method the member paid for, with when they last did, newest first. */
export function listPaidOrders(db: DbOrTx, userId: number) {
  return db
    .selectFrom("payments")
    .select(["bundle_id", "method"])
    .select((eb) => eb.fn.max<string>("paid_at").as("last_paid_at"))
    .where("user_id", "=", userId)
    .where("status", "=", "paid")
    .groupBy(["bundle_id", "method"])
    .orderBy("last_paid_at", "desc")
    .execute();
}

export function markPaidUser(db: DbOrTx, userId: number) {
  return db.updateTable("users").set({ paid_user: 1 }).where("id", "=", userId).execute();
}

export function findCode(db: DbOrTx, id: number) {
  return db.selectFrom("discount_codes").select("code").where("id", "=", id).executeTakeFirst();
}

/** A paid payment whose discount was used by another: it gets the credits its money buys at the full price. */
export function setCredits(db: DbOrTx, id: number, credits: number) {
  return db.updateTable("payments").set({ credits }).where("id", "=", id).execute();
}
