import express, { type Request, type Response, Router } from "express";
import { type SandboxProvider, sandboxCheckoutPath, sandboxOutcomes } from "../adapters/payments/sandbox";
import type { Db } from "../db/database";
import { locals } from "../http/locals";
import { findPaymentByProviderId } from "./payments.repository";
import { syncPayment } from "./payments.service";

const outcomeLabels: Record<(typeof sandboxOutcomes)[number], string> = {
  paid: "Pay",
  pending: "Pending, then paid (like a bank transfer)",
  failed: "Fail",
  canceled: "Cancel",
  expired: "Let it expire",
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The sandbox provider's checkout page (docs/architecture.md "Payments"): it stands in for a provider's own page,
 * so it is in English like one, and says plainly that no money moves. The payer's choice is reported to the
 * site as a provider's webhook would be, then the browser goes back to the site. Only the member who started the
 * payment sees or settles it: to anyone else it does not exist.
 */
export function sandboxCheckoutRoutes(db: Db, sandbox: SandboxProvider): Router {
  const router = Router();
  const path = sandboxCheckoutPath.slice("/api".length);
  const page = (res: Response, status: number, body: string) =>
    res
      .status(status)
      .set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      // The API's no-referrer would make the browser send `Origin: null` with the form, which the origin check refuses.
      .set("Referrer-Policy", "same-origin")
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}.test{background:#fff3cd;border:1px solid #ffc107;padding:.75rem;border-radius:.5rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #6f42c1;background:#fff;cursor:pointer}button[value=paid]{background:#6f42c1;color:#fff}</style></head><body>${body}</body></html>`,
      );

  /** The sandbox payment of this id, if it is the asking member's on this site. */
  const ownSandboxPayment = async (res: Response, id: unknown) => {
    const { site, member } = locals(res);
    if (typeof id !== "string" || !member) return null;
    const payment = await findPaymentByProviderId(db, sandbox.name, id);
    return payment && payment.user_id === member.id && payment.site_id === site.id ? sandbox.find(id) : null;
  };

  router.get(path, async (req: Request, res: Response) => {
    const payment = await ownSandboxPayment(res, req.query.id);
    if (!payment) return page(res, 404, "<h1>Test payment</h1><p>No such test payment.</p>");
    const amount = new Intl.NumberFormat("en", { style: "currency", currency: payment.currency }).format(
      payment.amountCents / 100,
    );
    const choices =
      payment.status === "open"
        ? `<form method="post" action="${sandboxCheckoutPath}"><input type="hidden" name="id" value="${escapeHtml(payment.id)}">${sandboxOutcomes
            .map((o) => `<button name="outcome" value="${o}">${outcomeLabels[o]}</button>`)
            .join("")}</form>`
        : `<p>This test payment is ${escapeHtml(payment.status)}.</p>`;
    page(
      res,
      200,
      `<p class="test"><strong>Test payment.</strong> This is the sandbox provider: no money moves. Choose what the payment does.</p><h1>${escapeHtml(amount)}</h1><p>${escapeHtml(payment.description)} · ${escapeHtml(payment.method)}</p>${choices}`,
    );
  });

  router.post(path, express.urlencoded({ extended: false, limit: "2kb" }), async (req: Request, res: Response) => {
    const { id, outcome } = req.body as { id?: string; outcome?: string };
    const chosen = sandboxOutcomes.find((o) => o === outcome);
    if (!(await ownSandboxPayment(res, id))) return page(res, 404, "<h1>Test payment</h1><p>No such test payment.</p>");
    const settled = id && chosen ? await sandbox.settle(id, chosen) : null;
    if (!settled || !id) return page(res, 409, "<h1>Test payment</h1><p>This test payment is no longer open.</p>");
    // What a real provider does next: tell the site (its webhook), then send the payer back.
    await syncPayment({ db, provider: sandbox }, id).catch((error) =>
      locals(res).log.error({ err: error, providerPaymentId: id }, "sandbox webhook failed"),
    );
    res.redirect(303, settled.redirectUrl);
  });
  return router;
}
