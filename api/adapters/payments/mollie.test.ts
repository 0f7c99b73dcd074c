import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type FakeMollie, type FakeMollieStatus, startFakeMollie } from "../../../tests/api/support/fake-mollie";
import { mollieProvider } from "./mollie";
import { type PaymentRequest, RefundRefused } from "./provider";

let fake: FakeMollie;
beforeEach(async () => {
  fake = await startFakeMollie();
});
afterEach(async () => {
  await fake.close();
});

const provider = (options: { apiKey?: string; retries?: number; logger?: pino.Logger } = {}) =>
  mollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url, retryBaseMs: 1, ...options });

let keys = 0;
const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  amountCents: 999,
  currency: "EUR",
  method: "ideal",
  description: "Credits: 100",
  redirectUrl: "https://dating.example/credits/return?payment=p1",
  webhookUrl: "https://dating.example/api/payments/webhook",
  reference: "p1",
  idempotencyKey: `pay-key-${++keys}`,
  ...overrides,
});

const posts = () => fake.requests.filter((r) => r.method === "POST");

describe("createPayment", () => {
  test.each([
    [999, "9.99"],
    [1000, "10.00"],
    [5, "0.05"],
    [1, "0.01"],
    [10, "0.10"],
    [123456789, "1234567.89"],
  ])("%i cents are sent as %s", async (amountCents, value) => {
    await provider().createPayment(request({ amountCents }));
    expect((posts()[0]!.body as any).amount).toEqual({ currency: "EUR", value });
  });

  test("sends the method, urls, reference and idempotency key, and returns the checkout url", async () => {
    const payment = await provider().createPayment(
      request({ currency: "PLN", method: "blik", reference: "p42", idempotencyKey: "key-42" }),
    );

    expect(posts()).toHaveLength(1);
    const sent = posts()[0]!;
    expect(sent.path).toBe("/v2/payments");
    expect(sent.headers["idempotency-key"]).toBe("key-42");
    expect(sent.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.body).toEqual({
      amount: { currency: "PLN", value: "9.99" },
      description: "Credits: 100",
      redirectUrl: "https://dating.example/credits/return?payment=p1",
      webhookUrl: "https://dating.example/api/payments/webhook",
      method: "blik",
      metadata: { reference: "p42" },
    });
    expect(payment.id).toMatch(/^tr_\w{10}$/);
    expect(payment.status).toBe("open");
    const stored = fake.payments.get(payment.id)!;
    expect(payment.checkoutUrl).toBe(stored.checkoutHref);
    expect(payment.checkoutUrl).toMatch(/^https:\/\/www\.mollie\.com\/checkout\//);
  });

  test("refuses cents that are not a whole, positive number, before calling Mollie", async () => {
    await expect(provider().createPayment(request({ amountCents: 9.99 }))).rejects.toThrow(/cents/);
    await expect(provider().createPayment(request({ amountCents: -100 }))).rejects.toThrow(/cents/);
    expect(fake.requests).toHaveLength(0);
  });

  test("a 503 is retried with the same idempotency key and makes one payment", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    fake.failNext(1, 503);

    const payment = await provider({ logger: pino(sink) }).createPayment(request({ idempotencyKey: "key-503" }));

    expect(posts()).toHaveLength(2);
    expect(posts().map((r) => r.headers["idempotency-key"])).toEqual(["key-503", "key-503"]);
    expect([...fake.payments.keys()]).toEqual([payment.id]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, attempt: 1, msg: "mollie call failed, retrying" });
  });

  test("an answer lost on the way back is retried and Mollie's replay gives the same, single payment", async () => {
    fake.failNext(1, 0);

    const payment = await provider().createPayment(request());

    expect(posts()).toHaveLength(2);
    expect(posts()[0]!.headers["idempotency-key"]).toBe(posts()[1]!.headers["idempotency-key"]);
    expect([...fake.payments.keys()]).toEqual([payment.id]);
  });

  test("gives up after the configured retries, naming Mollie's last answer", async () => {
    fake.failNext(10, 502);

    await expect(provider({ retries: 2 }).createPayment(request())).rejects.toThrow(/Mollie answered 502 Bad Gateway/);
    expect(posts()).toHaveLength(3);
    expect(fake.payments.size).toBe(0);
  });

  test("a 422 is not retried and throws with Mollie's detail", async () => {
    const answer = provider().createPayment(request({ amountCents: 0 }));

    await expect(answer).rejects.toThrow(
      "Mollie answered 422 Unprocessable Entity: The amount is lower than the minimum",
    );
    expect(posts()).toHaveLength(1);
  });

  test.each(["giropay", "sofort"])("%s, which Mollie has retired, is refused with a 422", async (method) => {
    await expect(provider().createPayment(request({ method }))).rejects.toThrow(/422.*payment method is invalid/);
    expect(posts()).toHaveLength(1);
  });

  test("a wrong API key throws Mollie's 401, not retried", async () => {
    const answer = provider({ apiKey: "test_wrongwrongwrongwrongwrongwr" }).createPayment(request());

    await expect(answer).rejects.toThrow(/Mollie answered 401 Unauthorized/);
    expect(fake.requests).toHaveLength(1);
    expect(fake.payments.size).toBe(0);
  });

  test("a Mollie that cannot be reached throws after the retries", async () => {
    const endpoint = fake.url;
    await fake.close();

    const answer = mollieProvider({
      apiKey: "test_x",
      apiEndpoint: endpoint,
      retries: 1,
      retryBaseMs: 1,
    }).createPayment(request());

    await expect(answer).rejects.toThrow("Mollie could not be reached (POST /v2/payments)");
    fake = await startFakeMollie();
  });
});

describe("getPayment", () => {
  const cases: [FakeMollieStatus, string][] = [
    ["open", "open"],
    ["pending", "pending"],
    ["authorized", "pending"],
    ["paid", "paid"],
    ["failed", "failed"],
    ["canceled", "canceled"],
    ["expired", "expired"],
  ];
  test.each(cases)("Mollie's %s is the site's %s", async (mollieStatus, status) => {
    const mollie = provider();
    const created = await mollie.createPayment(request());
    fake.setStatus(created.id, mollieStatus);

    const payment = await mollie.getPayment(created.id);

    expect(payment).toEqual({
      id: created.id,
      status,
      // Only an open payment can still be paid at the checkout.
      checkoutUrl: mollieStatus === "open" ? created.checkoutUrl : null,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v2/payments/${created.id}` });
  });

  test("a 5xx on a read is retried", async () => {
    const mollie = provider();
    const created = await mollie.createPayment(request());
    fake.failNext(2, 500);

    expect((await mollie.getPayment(created.id)).status).toBe("open");
    expect(fake.requests.filter((r) => r.method === "GET")).toHaveLength(3);
  });

  test("an unknown payment throws Mollie's 404", async () => {
    await expect(provider().getPayment("tr_doesnotexist")).rejects.toThrow(
      "Mollie answered 404 Not Found: No payment exists with token tr_doesnotexist.",
    );
    expect(fake.requests).toHaveLength(1);
  });
});

describe("refund", () => {
  test("sends the amount, description and idempotency key, and returns the refund id", async () => {
    const mollie = provider();
    const payment = await mollie.createPayment(request({ amountCents: 999 }));
    fake.setStatus(payment.id, "paid");

    const refund = await mollie.refund({
      providerPaymentId: payment.id,
      amountCents: 500,
      currency: "EUR",
      description: "Refund of p1",
      idempotencyKey: "refund-key-1",
    });

    const sent = posts().at(-1)!;
    expect(sent.path).toBe(`/v2/payments/${payment.id}/refunds`);
    expect(sent.headers["idempotency-key"]).toBe("refund-key-1");
    expect(sent.body).toEqual({
      amount: { currency: "EUR", value: "5.00" },
      description: "Refund of p1",
      metadata: { idempotency_key: "refund-key-1" },
    });
    expect(refund.id).toMatch(/^re_\w{10}$/);
    // Found again by its key, as the pending-refund check asks after an ambiguous answer; another key finds none.
    expect(await mollie.findRefund({ providerPaymentId: payment.id, idempotencyKey: "refund-key-1" })).toEqual(refund);
    expect(await mollie.findRefund({ providerPaymentId: payment.id, idempotencyKey: "other" })).toBeNull();
  });

  test("a retried refund, key and all, refunds once", async () => {
    const mollie = provider();
    const payment = await mollie.createPayment(request({ amountCents: 1000 }));
    fake.setStatus(payment.id, "paid");
    const refund = {
      providerPaymentId: payment.id,
      amountCents: 1000,
      currency: "EUR",
      description: "Refund of p1",
      idempotencyKey: "refund-key-2",
    };
    fake.failNext(1, 0);

    const first = await mollie.refund(refund);
    // The caller retrying on its own (after a crash, say) gets the same refund back, not a second one.
    const again = await mollie.refund(refund);

    expect(again.id).toBe(first.id);
    expect(fake.payments.get(payment.id)!.amountRefunded).toEqual({ currency: "EUR", value: "10.00" });
  });

  test("Mollie refusing the refund throws a refusal with its detail, so the return can be undone", async () => {
    const mollie = provider();
    const payment = await mollie.createPayment(request());

    const refusal = mollie.refund({
      providerPaymentId: payment.id,
      amountCents: 100,
      currency: "EUR",
      description: "Refund of p1",
      idempotencyKey: "refund-key-3",
    });
    await expect(refusal).rejects.toThrow("Mollie answered 422 Unprocessable Entity: The payment is not refundable");
    await expect(refusal).rejects.toBeInstanceOf(RefundRefused);
  });
});
