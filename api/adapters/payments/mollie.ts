import type { Logger } from "pino";
import type { PaymentStatus } from "../../db/schema";
import { type PaymentProvider, type ProviderPayment, RefundRefused } from "./provider";

export interface MollieOptions {
  apiKey: string;
  /** Mollie's API root; a local fake in tests. */
  apiEndpoint?: string;
  logger?: Logger;
  /** Further attempts after a network error or a 5xx answer. */
  retries?: number;
  /** The wait before the first retry; each next one waits twice as long. */
  retryBaseMs?: number;
}

/** An error answer from Mollie: a 4xx, or a 5xx that outlasted the retries. */
export class MollieError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, title: string, detail: string, field?: string) {
    super(`Mollie answered ${status} ${title}: ${detail}${field ? ` (field ${field})` : ""}`);
    this.name = "MollieError";
    this.status = status;
    this.field = field;
  }
}

const defaultEndpoint = "https://api.mollie.com/v2/";
// Without a limit a hung connection would hold the member's request for as long as the socket lives.
const timeoutMs = 10_000;

// "authorized" is money reserved but not yet captured: not paid as far as the site is concerned.
const statuses = new Map<string, PaymentStatus>([
  ["open", "open"],
  ["pending", "pending"],
  ["authorized", "pending"],
  ["paid", "paid"],
  ["failed", "failed"],
  ["canceled", "canceled"],
  ["expired", "expired"],
]);

/**
 * Mollie wants the amount as a decimal string ("9.99"), built here from the digits of the integer cents so that no
 * float arithmetic is involved. Every currency the site sells in has two decimals.
 */
export function mollieAmount(cents: number, currency: string) {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  const digits = String(cents).padStart(3, "0");
  return { currency, value: `${digits.slice(0, -2)}.${digits.slice(-2)}` };
}

interface MolliePayment {
  id: string;
  status: string;
  _links?: { checkout?: { href?: string } | null };
}

function toProviderPayment(body: unknown): ProviderPayment {
  const payment = body as Partial<MolliePayment> | null;
  const status = typeof payment?.status === "string" ? statuses.get(payment.status) : undefined;
  if (typeof payment?.id !== "string" || !status) {
    throw new Error(`Mollie sent a payment this adapter cannot read (status ${String(payment?.status)})`);
  }
  return { id: payment.id, status, checkoutUrl: payment._links?.checkout?.href ?? null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mollie (docs/architecture.md "Payments"), over its REST API with Node's fetch. Not through @mollie/api-client: that
 * client (4.6) always connects with an https agent, so it cannot reach a local http fake, and it retries 5xx answers
 * itself, two seconds apart, under whatever retries are configured here.
 */
export function mollieProvider(options: MollieOptions): PaymentProvider {
  const endpoint = (options.apiEndpoint ?? defaultEndpoint).replace(/\/?$/, "/");
  const retries = options.retries ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 200;

  async function call(method: "GET" | "POST", path: string, body?: object, idempotencyKey?: string) {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.apiKey}`,
      Accept: "application/hal+json",
    };
    if (body) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    // A POST may be sent again only if Mollie can tell the repeat by its key: else a retry could pay twice.
    const retryable = method === "GET" || "Idempotency-Key" in headers;
    const url = new URL(path, endpoint);

    for (let attempt = 0; ; attempt++) {
      let answer: { ok: boolean; status: number; statusText: string; text: string } | undefined;
      let cause: unknown;
      try {
        const response = await fetch(url, {
          method,
          headers,
          body: body && JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const { ok, status, statusText } = response;
        answer = { ok, status, statusText, text: await response.text() };
      } catch (error) {
        // fetch rejects when Mollie cannot be reached, the connection drops or the timeout strikes.
        cause = error;
      }
      if (answer?.ok) return readJson(answer.text);
      const failure = answer
        ? problem(answer.status, answer.statusText, answer.text)
        : new Error(`Mollie could not be reached (${method} ${url.pathname})`, { cause });
      if ((answer && answer.status < 500) || !retryable || attempt >= retries) throw failure;
      const delayMs = retryBaseMs * 2 ** attempt;
      options.logger?.warn(
        { method, path: url.pathname, attempt: attempt + 1, delayMs, reason: failure.message },
        "mollie call failed, retrying",
      );
      await sleep(delayMs);
    }
  }

  return {
    name: "mollie",
    async createPayment(request) {
      const body = {
        amount: mollieAmount(request.amountCents, request.currency),
        description: request.description,
        redirectUrl: request.redirectUrl,
        webhookUrl: request.webhookUrl,
        // The site's method ids are Mollie's own.
        method: request.method,
        metadata: { reference: request.reference },
      };
      return toProviderPayment(await call("POST", "payments", body, request.idempotencyKey));
    },
    async getPayment(providerPaymentId) {
      return toProviderPayment(await call("GET", `payments/${encodeURIComponent(providerPaymentId)}`));
    },
    async refund(request) {
      const body = {
        amount: mollieAmount(request.amountCents, request.currency),
        description: request.description,
        // Mollie keeps an idempotency key for a while only: the metadata is how findRefund knows the refund later.
        metadata: { idempotency_key: request.idempotencyKey },
      };
      const path = `payments/${encodeURIComponent(request.providerPaymentId)}/refunds`;
      const refund = (await call("POST", path, body, request.idempotencyKey).catch((error) => {
        if (error instanceof MollieError && error.status < 500)
          throw new RefundRefused(error.message, { cause: error });
        throw error;
      })) as { id?: unknown } | null;
      if (typeof refund?.id !== "string") throw new Error("Mollie sent a refund without an id");
      return { id: refund.id };
    },
    async findRefund({ providerPaymentId, idempotencyKey }) {
      const path = `payments/${encodeURIComponent(providerPaymentId)}/refunds?limit=250`;
      const list = (await call("GET", path)) as {
        _embedded?: { refunds?: { id?: unknown; metadata?: { idempotency_key?: unknown } | null }[] };
      } | null;
      const found = list?._embedded?.refunds?.find((r) => r.metadata?.idempotency_key === idempotencyKey);
      return typeof found?.id === "string" ? { id: found.id } : null;
    },
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`Mollie sent an answer that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** Mollie's error answers are JSON problems: { status, title, detail, field? }. */
function problem(status: number, statusText: string, text: string) {
  let body: { title?: unknown; detail?: unknown; field?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy in front of Mollie may answer in HTML: keep the start of it.
  }
  return new MollieError(
    status,
    typeof body?.title === "string" ? body.title : statusText,
    typeof body?.detail === "string" ? body.detail : text.slice(0, 200),
    typeof body?.field === "string" ? body.field : undefined,
  );
}
