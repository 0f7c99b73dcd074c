import express from "express";
import { isSandbox } from "../adapters/payments/choose";
import { ApiError } from "../errors";
import { idempotencyKeyOf, requestFingerprint } from "../http/idempotency";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { confirmDirectDebit, directDebitRequest, startDirectDebit } from "./direct-debit.service";
import {
  checkDiscount,
  createPayment,
  creditsOffer,
  ownPayment,
  pricing,
  repeatOrders,
  syncPayment,
  transaction,
  transactions,
} from "./payments.service";
import { listReturns, returnPurchase } from "./returns.service";

/** credits.php, repeat-orders.php, pricing.php, discountcode.php, payment.php, payment-webhook.php, transactions.php, transaction.php, returns.php and
 * return.php. */
export function paymentsRoutes({ db, payments, sms }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const provider = () => {
    if (!payments) throw new ApiError(503, "payments_unavailable", "Payments are not available on this site");
    return { db, provider: payments };
  };
  // Direct debit texts a code: only where texts reach phones, or in the sandbox, where the outbox is the phone.
  const directDebit = { db, sms, available: sms.delivers || isSandbox(payments) };

  register("get", "/api/credits.php", ({ site, member }) => creditsOffer(db, site, member, directDebit));

  register("get", "/api/repeat-orders.php", ({ site, member }) => repeatOrders(db, site, member));

  register("get", "/api/pricing.php", ({ site, query }) => pricing(db, site, query.country));

  register("get", "/api/discountcode.php", async ({ site, member, query }) => ({
    discountcode: await checkDiscount(db, site, member, query),
  }));

  register("post", "/api/payment.php", async ({ req, site, member, body, log }) => {
    const fingerprint = requestFingerprint("post /api/payment.php", body);
    const payment = await createPayment(provider(), site, member, body, idempotencyKeyOf(req), fingerprint);
    log.info({ userId: member.id, paymentId: payment.id, status: payment.status }, "payment started");
    return { payment, credits: member.credits, paid_user: member.paid_user === 1 };
  });

  register("get", "/api/payment.php", ({ member, query: { id } }) => ownPayment(provider(), member, id));

  // The provider posts `id=…` form-encoded; the answer is the same whether the id is known or not.
  register(
    "post",
    "/api/payment-webhook.php",
    express.urlencoded({ extended: false, limit: "2kb" }),
    async ({ body: { id }, log }) => {
      const paymentId = await syncPayment(provider(), id);
      log.info({ providerPaymentId: id, paymentId }, paymentId ? "payment webhook" : "webhook for an unknown payment");
      return { ok: true };
    },
  );

  register("get", "/api/transactions.php", ({ member, query: { page } }) => transactions(db, member, page));

  register("get", "/api/transaction.php", ({ member, query: { id } }) => transaction(db, member, id));

  register("post", "/api/directdebit.php", ({ req, site, member, body, log }) =>
    startDirectDebit(directDebit, site, member, body, idempotencyKeyOf(req), log),
  );

  register("get", "/api/directdebit.php", ({ member, query: { id } }) => directDebitRequest(db, member, id));

  register("post", "/api/directdebit-confirm.php", async ({ req, site, member, body, log }) => {
    idempotencyKeyOf(req);
    const paid = await confirmDirectDebit(directDebit, site, member, body);
    log.info({ userId: member.id, paymentId: paid.payment.id }, "direct debit confirmed");
    return paid;
  });

  register("get", "/api/returns.php", ({ site, member }) => listReturns(db, site, member));

  register("post", "/api/return.php", ({ req, site, member, body, log }) =>
    returnPurchase(provider(), site, member, body.payment, idempotencyKeyOf(req), log),
  );

  return routes;
}
