import type { AdminPaymentsQuery } from "../../contract/admin-payments";
import { DAY } from "../../contract/durations";
import type { DbOrTx } from "../db/database";

/** The day after an ISO day (`2026-11-30` → `2026-12-01`): the list's "to" day is included whole. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** A site's payments with their member, profile and refund, narrowed by the admin list's filters. */
function filteredPayments(db: DbOrTx, siteId: number, filters: AdminPaymentsQuery) {
  let query = db
    .selectFrom("payments as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .leftJoin("profiles as pr", "pr.user_id", "p.user_id")
    .leftJoin("refunds as r", "r.payment_id", "p.id")
    .where("p.site_id", "=", siteId);
  if (filters.status === "refunded") query = query.where("r.status", "in", ["pending", "refunded"]);
  else if (filters.status) query = query.where("p.status", "=", filters.status);
  if (filters.method) query = query.where("p.method", "=", filters.method);
  if (filters.country) query = query.where("pr.country", "=", filters.country);
  if (filters.from) query = query.where("p.created_at", ">=", filters.from);
  if (filters.to) query = query.where("p.created_at", "<", dayAfter(filters.to));
  return query;
}

const paymentColumns = [
  "p.id",
  "p.status",
  "p.user_id",
  "p.credits",
  "p.amount_cents",
  "p.currency",
  "p.method",
  "p.provider",
  "p.provider_payment_id",
  "p.bundle_id",
  "p.created_at",
  "p.paid_at",
  "u.email",
  "u.credits as member_credits",
  "pr.name",
  "pr.country",
  "r.status as refund_status",
] as const;

export function listPayments(db: DbOrTx, siteId: number, filters: AdminPaymentsQuery, limit: number, offset: number) {
  return filteredPayments(db, siteId, filters)
    .select(paymentColumns)
    .orderBy("p.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPayments(db: DbOrTx, siteId: number, filters: AdminPaymentsQuery) {
  const row = await filteredPayments(db, siteId, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The methods and member countries the site's payments have: the filter form's choices. */
export async function filterChoices(db: DbOrTx, siteId: number) {
  const [methods, countries] = await Promise.all([
    db.selectFrom("payments").select("method").distinct().where("site_id", "=", siteId).orderBy("method").execute(),
    db
      .selectFrom("payments as p")
      .innerJoin("profiles as pr", "pr.user_id", "p.user_id")
      .select("pr.country")
      .distinct()
      .where("p.site_id", "=", siteId)
      .orderBy("pr.country")
      .execute(),
  ]);
  return { methods: methods.map((m) => m.method), countries: countries.map((c) => c.country) };
}

export function findPayment(db: DbOrTx, siteId: number, id: number) {
  return filteredPayments(db, siteId, { page: 1 }).select(paymentColumns).where("p.id", "=", id).executeTakeFirst();
}
export type AdminPaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/** The ledger rows a payment caused: its purchase, and a return or refund of it and the undoing of a refused one. */
export function ledgerRowsOfPayment(db: DbOrTx, userId: number, paymentId: number) {
  return db
    .selectFrom("credit_ledger")
    .select(["id", "reason as kind", "delta", "balance_after", "refused", "created_at"])
    .where("user_id", "=", userId)
    .where("reference", "=", `payment:${paymentId}`)
    .orderBy("id")
    .execute();
}

export function findBundle(db: DbOrTx, id: number) {
  return db.selectFrom("credit_bundles").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findRefund(db: DbOrTx, paymentId: number) {
  return db.selectFrom("refunds").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
}

/** The reason staff gave for refunding a payment (the audit log keeps it), newest first. */
export async function refundReason(db: DbOrTx, siteId: number, paymentId: number) {
  const row = await db
    .selectFrom("staff_actions")
    .select("reason")
    .where("site_id", "=", siteId)
    .where("action", "=", "payment.refund")
    .where("target_ref", "=", `payment:${paymentId}`)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.reason ?? null;
}

export async function balanceOf(db: DbOrTx, userId: number) {
  const row = await db.selectFrom("users").select("credits").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.credits;
}
