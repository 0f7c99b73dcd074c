import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { smsOutbox } from "../../api/adapters/sms";
import { checkLedger } from "../../api/credits/ledger-check";
import { directDebitResponseSchema } from "../../contract/direct-debit";
import { creditsResponseSchema, paymentResponseSchema } from "../../contract/payments";
import { createSite, type MemberOptions } from "./support/factories";
import { type CallInit, loggedInMember, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi({ PAYMENT_PROVIDER: "sandbox" });
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

let keys = 0;
const newKey = () => `dd-key-${Date.now()}-${keys++}`;
/** A member who signed up a day ago: past the time bonus, which follows the signup time (docs/product.md §4.9). */
async function member(options: MemberOptions = {}) {
  const made = await loggedInMember(api, domain, { country: "NL", ...options, siteId });
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await api.db.updateTable("users").set({ signup_date: dayAgo }).where("id", "=", made.id).execute();
  return made;
}

const details = {
  holder: "Anna de Vries",
  iban: "NL91 ABNA 0417 1643 00",
  street: "Keizersgracht 1",
  postcode: "1015 CJ",
  city: "Amsterdam",
  phone: "06 12345678",
  authorized: true,
};

async function firstBundle(cookie: string) {
  const offer = creditsResponseSchema.parse((await api.call("/api/credits.php", { domain, cookie })).body);
  return offer;
}

function start(cookie: string, body: Record<string, unknown>, key = newKey()) {
  return api.call("/api/directdebit.php", {
    method: "POST",
    domain,
    cookie,
    body,
    headers: { "idempotency-key": key },
  });
}

function confirm(cookie: string, request: number, code: string, key = newKey()) {
  return api.call("/api/directdebit-confirm.php", {
    method: "POST",
    domain,
    cookie,
    body: { request, code },
    headers: { "idempotency-key": key },
  });
}

/** The code texted to `phone` (E.164) last: the outbox is the phone here. */
async function codeSentTo(phone: string) {
  const texts = await smsOutbox(path.join(api.dataDir, "outbox", "sms")).outbox();
  return texts.find((t) => t.to === phone)!.text.slice(0, 6);
}

test("direct debit: details, a wrong code ('Code invalid'), the right code pays the bundle once", async () => {
  const payer = await member();
  const offer = await firstBundle(payer.cookie);
  expect(offer.direct_debit).toBe(true);
  const bundle = offer.bundles[0]!;
  const phone = "+31611111111";
  const started = await start(payer.cookie, { ...details, phone: "06 11111111", bundle: bundle.id });
  expect(started.status).toBe(200);
  const { request } = directDebitResponseSchema.parse(started.body);
  expect(request).toMatchObject({
    status: "sent",
    credits: bundle.credits,
    price: bundle.price,
    phone: "•••••••••111",
  });
  const row = await api.db
    .selectFrom("direct_debit_requests")
    .selectAll()
    .where("id", "=", request.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ iban: "NL91ABNA0417164300", phone, holder: "Anna de Vries" });
  const code = await codeSentTo(phone);
  expect(code).toMatch(/^\d{6}$/);

  const wrong = await confirm(payer.cookie, request.id, code === "000000" ? "111111" : "000000");
  expect(wrong.status).toBe(400);
  expect(wrong.body).toMatchObject({ error: "code_invalid", message: "Code invalid" });

  // The right code, sent three times at once: one payment, credited once.
  const answers = await Promise.all([1, 2, 3].map(() => confirm(payer.cookie, request.id, code)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const ids = new Set(answers.map((a) => paymentResponseSchema.parse(a.body).payment.id));
  expect(ids.size).toBe(1);
  const { payment, credits, paid_user } = paymentResponseSchema.parse(answers[0]!.body);
  expect(payment).toMatchObject({ status: "paid", method: "directdebit", credits: bundle.credits });
  expect({ credits, paid_user }).toEqual({ credits: bundle.credits, paid_user: true });
  expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });

  // Someone else's request is not theirs to see or confirm.
  const other = await member();
  expect((await api.call(`/api/directdebit.php?id=${request.id}`, { domain, cookie: other.cookie })).status).toBe(404);
  expect((await confirm(other.cookie, request.id, code)).status).toBe(404);
});

test("direct debit: a bad IBAN or a landline is refused at its field; five wrong codes end the request", async () => {
  const payer = await member();
  const { bundles } = await firstBundle(payer.cookie);
  const bad = await start(payer.cookie, {
    ...details,
    iban: "NL91 ABNA 0417 1643 01",
    phone: "020 123 4567",
    bundle: bundles[0]!.id,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.data.fields).toEqual({ iban: "directDebit.ibanInvalid", phone: "directDebit.phoneInvalid" });
  expect((await start(payer.cookie, { ...details, authorized: false, bundle: bundles[0]!.id })).status).toBe(400);

  const { request } = directDebitResponseSchema.parse(
    (await start(payer.cookie, { ...details, phone: "06 22222222", bundle: bundles[0]!.id })).body,
  );
  const code = await codeSentTo("+31622222222");
  const wrongCode = code === "999999" ? "999998" : "999999";
  for (let i = 0; i < 5; i++) expect((await confirm(payer.cookie, request.id, wrongCode)).status).toBe(400);
  expect((await confirm(payer.cookie, request.id, code)).status).toBe(400);
  expect(
    (await api.db.selectFrom("users").select("credits").where("id", "=", payer.id).executeTakeFirstOrThrow()).credits,
  ).toBe(0);
});

test("direct debit: a blocked member is told so; the limit per 30 days says its amount and when it resets", async () => {
  const blocked = await member();
  await api.db.updateTable("users").set({ direct_debit_blocked: 1 }).where("id", "=", blocked.id).execute();
  const { bundles } = await firstBundle(blocked.cookie);
  const refused = await start(blocked.cookie, { ...details, bundle: bundles[0]!.id });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({
    error: "direct_debit_blocked",
    message: "Your account is blocked for direct debit payments.",
  });

  // The site allows €100 in 30 days: the €49.99 bundle twice fits, a third time does not.
  const payer = await member();
  const fifty = bundles.find((b) => b.price.cents === 4999)!;
  for (const phone of ["06 33333331", "06 33333332"]) {
    const { request } = directDebitResponseSchema.parse(
      (await start(payer.cookie, { ...details, phone, bundle: fifty.id })).body,
    );
    const e164 = `+31${phone.slice(1).replace(" ", "")}`;
    expect((await confirm(payer.cookie, request.id, await codeSentTo(e164))).status).toBe(200);
  }
  const over = await start(payer.cookie, { ...details, phone: "06 33333333", bundle: fifty.id });
  expect(over.status).toBe(409);
  expect(over.body.error).toBe("direct_debit_limit");
  expect(over.body.data.limit).toEqual({ cents: 10000, currency: "EUR" });
  expect(Date.parse(over.body.data.resets_at)).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
});

test("direct debit: codes are rate limited per member and per number, and a repeated request texts once", async () => {
  const payer = await member();
  const { bundles } = await firstBundle(payer.cookie);
  const key = newKey();
  const body = { ...details, phone: "06 44444444", bundle: bundles[0]!.id };
  const twice = await Promise.all([start(payer.cookie, body, key), start(payer.cookie, body, key)]);
  expect(twice.map((a) => a.status)).toEqual([200, 200]);
  expect(twice[0]!.body.request.id).toBe(twice[1]!.body.request.id);
  const texts = await smsOutbox(path.join(api.dataDir, "outbox", "sms")).outbox();
  expect(texts.filter((t) => t.to === "+31644444444")).toHaveLength(1);

  expect((await start(payer.cookie, body)).status).toBe(200);
  expect((await start(payer.cookie, body)).status).toBe(200);
  const fourth = await start(payer.cookie, body);
  expect(fourth.status).toBe(429);
  // Another member cannot flood the same number either.
  const other = await member();
  expect((await start(other.cookie, body)).status).toBe(429);
});

test("direct debit is not offered outside the euro countries, nor without a sandbox or an SMS gateway", async () => {
  const british = await member({ country: "GB" });
  expect((await firstBundle(british.cookie)).direct_debit).toBe(false);
  const { bundles } = await firstBundle(british.cookie);
  expect((await start(british.cookie, { ...details, bundle: bundles[0]!.id })).status).toBe(503);

  const dutchOn = async (target: TestApi) => {
    const site = await createSite(target.db);
    const dutch = await loggedInMember(target, site.domain, { siteId: site.id, country: "NL" });
    const call = (path: string, init: Omit<CallInit, "domain" | "cookie"> = {}) =>
      target.call(path, { ...init, domain: site.domain, cookie: dutch.cookie });
    return { call, offer: creditsResponseSchema.parse((await call("/api/credits.php")).body) };
  };
  const live = await startTestApi({}, { payments: null });
  try {
    expect((await dutchOn(live)).offer.direct_debit).toBe(false);
  } finally {
    await live.close();
  }

  // With a gateway, texts go to phones: direct debit is offered even with no payment provider at all.
  const texts: { to: string; from: string; text: string }[] = [];
  const gateway = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      texts.push(JSON.parse(body));
      res.end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  const withGateway = await startTestApi(
    { SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms` },
    { payments: null },
  );
  try {
    const { call, offer } = await dutchOn(withGateway);
    expect(offer.direct_debit).toBe(true);
    const headers = { "idempotency-key": newKey() };
    const started = await call("/api/directdebit.php", {
      method: "POST",
      body: { ...details, bundle: offer.bundles[0]!.id },
      headers,
    });
    expect(started.status).toBe(200);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: "+31612345678", from: "Heartline" });
    const confirmed = await call("/api/directdebit-confirm.php", {
      method: "POST",
      body: { request: started.body.request.id, code: texts[0]!.text.slice(0, 6) },
      headers: { "idempotency-key": newKey() },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payment.status).toBe("paid");
  } finally {
    await withGateway.close();
    gateway.close();
  }
});
