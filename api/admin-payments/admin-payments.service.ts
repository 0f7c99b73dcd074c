import type {
  AdminPayment,
  AdminPaymentDetail,
  AdminPaymentsQuery,
  AdminPaymentsResponse,
} from "../../contract/admin-payments";
import type { LedgerKind } from "../../contract/payments";
import type { Db } from "../db/database";
import type { RefundRow, SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import * as repo from "./admin-payments.repository";

const pageSize = 25;

export const paymentView = (row: repo.AdminPaymentRow): AdminPayment => ({
  id: row.id,
  status: row.status,
  refund_status: row.refund_status ?? null,
  member: { id: row.user_id, name: row.name ?? "", email: row.email, country: row.country ?? "" },
  credits: row.credits,
  amount: { cents: row.amount_cents, currency: row.currency },
  method: row.method,
  provider: row.provider,
  provider_payment_id: row.provider_payment_id,
  created_at: row.created_at,
  paid_at: row.paid_at,
});

export const refundView = (refund: RefundRow, reason: string | null) => ({
  credits: refund.credits,
  amount: { cents: refund.amount_cents, currency: refund.currency },
  status: refund.status,
  provider_refund_id: refund.provider_refund_id,
  created_at: refund.created_at,
  reason,
});

/** GET admin/payments.php: the site's payments, newest first, 25 a page (docs/product.md §6.9). */
export async function listPayments(db: Db, site: SiteRow, filters: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
  const [rows, total, choices] = await Promise.all([
    repo.listPayments(db, site.id, filters, pageSize, (filters.page - 1) * pageSize),
    repo.countPayments(db, site.id, filters),
    repo.filterChoices(db, site.id),
  ]);
  return {
    payments: rows.map(paymentView),
    total,
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    ...choices,
  };
}

/** Whether staff may refund a payment: paid at a provider (a direct debit is reversed at the bank), none standing. */
export const refundable = (payment: { status: string; provider: string; provider_payment_id: string | null }) =>
  payment.status === "paid" && payment.provider !== "directdebit" && payment.provider_payment_id !== null;

/** GET admin/payment.php: one payment with its bundle, its ledger rows and its refund. */
export async function paymentDetail(db: Db, site: SiteRow, id: number): Promise<AdminPaymentDetail> {
  const row = await repo.findPayment(db, site.id, id);
  if (!row) throw new ApiError(404, "not_found", "No such payment");
  const [bundle, ledger, refund, reason] = await Promise.all([
    repo.findBundle(db, row.bundle_id),
    repo.ledgerRowsOfPayment(db, row.user_id, row.id),
    repo.findRefund(db, row.id),
    repo.refundReason(db, site.id, row.id),
  ]);
  return {
    payment: paymentView(row),
    bundle: bundle
      ? { id: bundle.id, credits: bundle.credits, price: { cents: bundle.amount_cents, currency: bundle.currency } }
      : null,
    member_credits: row.member_credits,
    ledger: ledger.map((entry) => ({ ...entry, kind: entry.kind as LedgerKind, refused: entry.refused === 1 })),
    refund: refund ? refundView(refund, reason) : null,
    refundable: refundable(row) && (!refund || refund.status === "failed"),
  };
}
