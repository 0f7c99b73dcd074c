import crypto from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Mollie's v2 API, for tests: creating and reading payments, creating and listing refunds, with Mollie's
 * JSON shapes (HAL links, problem answers), the Bearer key check and Idempotency-Key replay. It never moves money.
 */

export type FakeMollieStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";

export interface FakeMollieRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or null when there was none. */
  body: unknown;
}

export interface FakeMollie {
  /** The API root to give the client, e.g. http://127.0.0.1:PORT/v2/ */
  url: string;
  /** The one API key it accepts; any other gets a 401. */
  apiKey: string;
  /** Every request received, failed ones included, oldest first. */
  requests: FakeMollieRequest[];
  /** The payments it holds, by id: what a test inspects to count payments made. */
  payments: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  setStatus(id: string, status: FakeMollieStatus): void;
  /**
   * The next `n` requests fail with `status` (a Mollie-style problem answer, before any work is done). Status 0 does
   * the work and then drops the connection unanswered: an answer lost on the way back.
   */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

export const fakeMollieApiKey = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";

/** The methods Mollie takes for new payments; giropay and sofort are gone (the client lists them as historic). */
const activeMethods = new Set([
  "alma",
  "applepay",
  "bancomatpay",
  "bancontact",
  "banktransfer",
  "belfius",
  "billie",
  "bizum",
  "blik",
  "creditcard",
  "directdebit",
  "eps",
  "giftcard",
  "googlepay",
  "ideal",
  "in3",
  "kbc",
  "klarna",
  "mbway",
  "multibanco",
  "mybank",
  "paybybank",
  "paypal",
  "paysafecard",
  "przelewy24",
  "riverty",
  "satispay",
  "swish",
  "trustly",
  "twint",
  "voucher",
]);

interface Answer {
  status: number;
  body: unknown;
}

class Problem extends Error {
  readonly status: number;
  readonly detail: string;
  readonly field: string | undefined;

  constructor(status: number, detail: string, field?: string) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.field = field;
  }
}

const token = () => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join("");
};

// Written independently of the adapter's formatting, so the test checks one against the other.
const toCents = (value: string) => Number(value.replace(".", ""));
const toValue = (cents: number) => (cents / 100).toFixed(2);

function readAmount(input: unknown): { currency: string; value: string } {
  const amount = input as { currency?: unknown; value?: unknown } | null;
  if (typeof amount?.currency !== "string" || !/^[A-Z]{3}$/.test(amount.currency)) {
    throw new Problem(422, "The amount currency is invalid", "amount.currency");
  }
  if (typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) {
    throw new Problem(422, "The amount contains an invalid value", "amount.value");
  }
  if (toCents(amount.value) < 1) throw new Problem(422, "The amount is lower than the minimum", "amount");
  return { currency: amount.currency, value: amount.value };
}

function readUrl(input: unknown, field: string, required: boolean) {
  if (input === undefined && !required) return null;
  if (typeof input !== "string" || !URL.canParse(input) || !/^https?:$/.test(new URL(input).protocol)) {
    throw new Problem(422, `The ${field} is invalid`, field);
  }
  return input;
}

export async function startFakeMollie(options: { apiKey?: string } = {}): Promise<FakeMollie> {
  const apiKey = options.apiKey ?? fakeMollieApiKey;
  const requests: FakeMollieRequest[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const refunded = new Map<string, number>();
  // Idempotency-Key → the request it came with and the answer given, replayed for a repeat.
  const replays = new Map<string, { fingerprint: string; answer: Answer }>();
  let failures: { left: number; status: number } = { left: 0, status: 503 };
  let base = "";

  const link = (href: string, type = "application/hal+json") => ({ href, type });
  const documentation = (page: string) => link(`https://docs.mollie.com/reference/${page}`, "text/html");

  // Mollie shows a checkout link only while the payment can still be paid.
  const withLinks = (payment: Record<string, unknown>) => {
    const id = payment.id as string;
    const links: Record<string, unknown> = {
      self: link(`${base}payments/${id}`),
      dashboard: link(`https://my.mollie.com/dashboard/org_1234567/payments/${id}`, "text/html"),
      documentation: documentation("get-payment"),
    };
    if (payment.status === "open") links.checkout = link(payment.checkoutHref as string, "text/html");
    const { checkoutHref: _hidden, ...visible } = payment;
    return { ...visible, _links: links };
  };

  const createPayment = (body: Record<string, unknown>): Answer => {
    const amount = readAmount(body.amount);
    if (typeof body.description !== "string" || body.description.trim() === "") {
      throw new Problem(422, "The description is invalid", "description");
    }
    const redirectUrl = readUrl(body.redirectUrl, "redirectUrl", true);
    const webhookUrl = readUrl(body.webhookUrl, "webhookUrl", false);
    const method = body.method ?? null;
    if (method !== null && (typeof method !== "string" || !activeMethods.has(method))) {
      throw new Problem(422, "The payment method is invalid", "method");
    }
    const id = `tr_${token()}`;
    const now = new Date();
    const payment: Record<string, unknown> = {
      resource: "payment",
      id,
      mode: apiKey.startsWith("live_") ? "live" : "test",
      createdAt: now.toISOString(),
      amount,
      description: body.description,
      method,
      metadata: body.metadata ?? null,
      status: "open",
      isCancelable: false,
      expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
      profileId: "pfl_QkEhN94Ba",
      sequenceType: "oneoff",
      redirectUrl,
      webhookUrl,
      checkoutHref: `https://www.mollie.com/checkout/select-method/${id.slice(3)}`,
    };
    payments.set(id, payment);
    return { status: 201, body: withLinks(payment) };
  };

  const findPayment = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new Problem(404, `No payment exists with token ${id}.`);
    return payment;
  };

  const createRefund = (paymentId: string, body: Record<string, unknown>): Answer => {
    const payment = findPayment(paymentId);
    const amount = readAmount(body.amount);
    const paid = payment.amount as { currency: string; value: string };
    if (payment.status !== "paid") throw new Problem(422, "The payment is not refundable");
    if (amount.currency !== paid.currency) {
      throw new Problem(422, "The amount currency does not match the payment's", "amount.currency");
    }
    const already = refunded.get(paymentId) ?? 0;
    if (already + toCents(amount.value) > toCents(paid.value)) {
      throw new Problem(422, "The amount is higher than the maximum", "amount");
    }
    refunded.set(paymentId, already + toCents(amount.value));
    payment.amountRefunded = { currency: paid.currency, value: toValue(already + toCents(amount.value)) };
    payment.amountRemaining = {
      currency: paid.currency,
      value: toValue(toCents(paid.value) - refunded.get(paymentId)!),
    };
    const id = `re_${token()}`;
    const made = {
      resource: "refund",
      id,
      mode: payment.mode,
      amount,
      status: "pending",
      createdAt: new Date().toISOString(),
      description: typeof body.description === "string" ? body.description : "",
      metadata: body.metadata ?? null,
      paymentId,
      settlementAmount: { currency: amount.currency, value: toValue(-toCents(amount.value)) },
      _links: {
        self: link(`${base}payments/${paymentId}/refunds/${id}`),
        payment: link(`${base}payments/${paymentId}`),
        documentation: documentation("create-refund"),
      },
    };
    refundsOf.set(paymentId, [...(refundsOf.get(paymentId) ?? []), made]);
    return { status: 201, body: made };
  };
  // The refunds made, by payment id: what GET payments/{id}/refunds lists.
  const refundsOf = new Map<string, Record<string, unknown>[]>();

  const route = (method: string, path: string, body: unknown): Answer => {
    const record = (body ?? {}) as Record<string, unknown>;
    if (method === "POST" && path === "/v2/payments") return createPayment(record);
    const get = /^\/v2\/payments\/([^/]+)$/.exec(path);
    if (method === "GET" && get) return { status: 200, body: withLinks(findPayment(decodeURIComponent(get[1]!))) };
    const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === "POST" && refund) return createRefund(decodeURIComponent(refund[1]!), record);
    if (method === "GET" && refund) {
      const list = refundsOf.get(decodeURIComponent(refund[1]!)) ?? [];
      return { status: 200, body: { count: list.length, _embedded: { refunds: list } } };
    }
    throw new Problem(404, "The resource does not exist");
  };

  const problem = (status: number, detail: string, field?: string): Answer => ({
    status,
    body: {
      status,
      title: http.STATUS_CODES[status] ?? "Error",
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: link("https://docs.mollie.com/overview/handling-errors", "text/html") },
    },
  });

  const answer = (method: string, path: string, headers: IncomingHttpHeaders, raw: string): Answer => {
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return problem(401, "Missing authentication, or failed to authenticate");
    }
    let body: unknown = null;
    if (raw !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        return problem(400, "The request body is not valid JSON");
      }
    }
    const key = headers["idempotency-key"];
    const fingerprint = `${method} ${path} ${raw}`;
    const earlier = typeof key === "string" ? replays.get(key) : undefined;
    if (earlier) {
      // Stricter than it needs to be: a key reused for a different request is a bug in the caller.
      return earlier.fingerprint === fingerprint
        ? earlier.answer
        : problem(422, "The idempotency key was already used for a different request");
    }
    let result: Answer;
    try {
      result = route(method, path, body);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      result = problem(error.status, error.detail, error.field);
    }
    if (typeof key === "string" && method === "POST") replays.set(key, { fingerprint, answer: result });
    return result;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      let parsed: unknown = null;
      try {
        parsed = raw === "" ? null : JSON.parse(raw);
      } catch {
        parsed = raw;
      }
      requests.push({ method, path, headers: req.headers, body: parsed });

      let result: Answer;
      if (failures.left > 0) {
        failures.left--;
        if (failures.status === 0) {
          answer(method, path, req.headers, raw);
          res.socket?.destroy();
          return;
        }
        result = problem(failures.status, "The service is temporarily unavailable");
      } else {
        result = answer(method, path, req.headers, raw);
      }
      res.writeHead(result.status, { "Content-Type": "application/hal+json; charset=utf-8" });
      res.end(JSON.stringify(result.body));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;

  return {
    url: base,
    apiKey,
    requests,
    payments,
    setStatus(id, status) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`The fake Mollie has no payment ${id}`);
      payment.status = status;
      if (status === "paid") {
        payment.paidAt = new Date().toISOString();
        payment.amountRefunded = { currency: (payment.amount as { currency: string }).currency, value: "0.00" };
        payment.amountRemaining = payment.amount;
      }
    },
    failNext(n, status = 503) {
      failures = { left: n, status };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
