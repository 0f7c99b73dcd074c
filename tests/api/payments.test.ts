import { afterAll, beforeAll, expect, test } from "vitest";
import { mollieProvider } from "../../api/adapters/payments/mollie";
import {
  type PaymentProvider,
  type ProviderPayment,
  RefundRefused,
  type RefundRequest,
} from "../../api/adapters/payments/provider";
import { moveCredits } from "../../api/credits/ledger";
import { checkLedger } from "../../api/credits/ledger-check";
import { nowIso } from "../../api/db/database";
import { checkUnsettledPayments } from "../../api/payments/payments.service";
import { checkPendingRefunds } from "../../api/payments/returns.service";
import {
  creditsResponseSchema,
  paymentResponseSchema,
  repeatOrdersResponseSchema,
  returnResponseSchema,
  returnsResponseSchema,
  transactionResponseSchema,
  transactionsResponseSchema,
} from "../../contract/payments";
import { createMember, createSite, type MemberOptions } from "./support/factories";
import { fakeMollieApiKey, startFakeMollie } from "./support/fake-mollie";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi({ PAYMENT_PROVIDER: "sandbox", SANDBOX_SETTLE_SECONDS: "0" });
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${keys++}`;

const logIn = loggedInMember;

/** Sets when a member signed up: the time bonus runs for 4 hours from then (docs/product.md §4.9). */
async function signedUp(userId: number, hoursAgo: number, target = api) {
  const at = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
  await target.db.updateTable("users").set({ signup_date: at }).where("id", "=", userId).execute();
}

/** A member who signed up a day ago, past the time bonus, unless `newcomer`. */
async function member(options: MemberOptions & { newcomer?: boolean } = {}) {
  const { newcomer, ...rest } = options;
  const made = await logIn(api, domain, { ...rest, siteId });
  if (!newcomer) await signedUp(made.id, 24);
  return made;
}

function startPayment(cookie: string, body: Record<string, unknown>, key = newKey(), target = api, site = domain) {
  return target.call("/api/payment.php", {
    method: "POST",
    domain: site,
    cookie,
    body,
    headers: { "idempotency-key": key },
  });
}

async function bundleIds(cookie: string) {
  return creditsResponseSchema.parse((await api.call("/api/credits.php", { domain, cookie })).body).bundles;
}

/** The payer's choice on the sandbox checkout page, posted as the page's form does, with the payer's session. */
async function chooseOnSandbox(checkoutUrl: string, outcome: string, cookie: string) {
  const id = new URL(checkoutUrl).searchParams.get("id")!;
  return fetch(`${api.url}/api/sandbox-checkout.php`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": domain, cookie },
    body: new URLSearchParams({ id, outcome }),
    redirect: "manual",
  });
}

/** The sandbox checkout page as a browser with this session (or none) opens it. */
function sandboxPage(checkoutUrl: string, cookie?: string) {
  const url = new URL(checkoutUrl);
  return fetch(`${api.url}${url.pathname}${url.search}`, {
    headers: { "x-forwarded-host": domain, ...(cookie ? { cookie } : {}) },
  });
}

const paymentOf = async (cookie: string, id: number) =>
  paymentResponseSchema.parse((await api.call(`/api/payment.php?id=${id}`, { domain, cookie })).body);

async function welcomeCode(userId: number, expires = new Date(Date.now() + 3600_000).toISOString()) {
  await api.db
    .insertInto("discount_codes")
    .values({
      user_id: userId,
      code: "TIMEBONUS25",
      country: null,
      value_percentage: 25,
      currency: null,
      status: "active",
      validity: "once-per-user",
      reason: "welcome",
      expires,
      created_at: nowIso(),
    })
    .execute();
}

async function expectLedgerConsistent() {
  expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
}

test("the credits page offers the bundles of the member's currency and the methods of their country", async () => {
  const nl = await member({ country: "NL" });
  const offer = creditsResponseSchema.parse((await api.call("/api/credits.php", { domain, cookie: nl.cookie })).body);
  expect(offer.currency).toBe("EUR");
  expect(offer.bundles.map((b) => b.credits)).toEqual([170, 360, 950, 2000]);
  expect(offer.bundles[0]!.price).toEqual({ cents: 999, currency: "EUR" });
  expect(offer.methods[0]).toBe("ideal");
  expect(offer.methods).not.toContain("blik");
  expect(offer.discount).toBeNull();
  expect(offer.prices).toEqual({ message: 10, photo: 15, gift: 20 });

  const pl = await member({ country: "PL" });
  const polish = creditsResponseSchema.parse((await api.call("/api/credits.php", { domain, cookie: pl.cookie })).body);
  expect(polish.currency).toBe("PLN");
  expect(polish.methods.slice(0, 2)).toEqual(["blik", "przelewy24"]);
  expect((await api.call("/api/credits.php", { domain })).status).toBe(403);
});

test("a purchase through the sandbox: checkout page, paid, credited once, premium from the first purchase", async () => {
  const buyer = await member({ country: "GB" });
  const [bundle] = await bundleIds(buyer.cookie);
  const started = await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" });
  expect(started.status).toBe(200);
  const { payment } = paymentResponseSchema.parse(started.body);
  expect(payment).toMatchObject({ status: "open", credits: 170, price: { cents: 899, currency: "GBP" } });
  expect(payment.checkout_url).toMatch(/\/api\/sandbox-checkout\.php\?id=sbx_/);

  const page = await sandboxPage(payment.checkout_url!, buyer.cookie);
  const html = await page.text();
  expect(html).toContain("Test payment");
  expect(html).toContain("no money moves");
  expect(html).toContain("£8.99");

  const back = await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie);
  expect(back.status).toBe(303);
  expect(back.headers.get("location")).toBe(`https://${domain}/payment/${payment.id}`);

  const result = await paymentOf(buyer.cookie, payment.id);
  expect(result.payment.status).toBe("paid");
  expect(result.credits).toBe(170);
  expect(result.paid_user).toBe(true);
  // The page can be reloaded and the checkout chosen again: nothing is credited twice.
  expect((await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie)).status).toBe(409);
  expect((await paymentOf(buyer.cookie, payment.id)).credits).toBe(170);
  await expectLedgerConsistent();
});

test.each(["failed", "canceled", "expired"])(
  "a %s payment credits nothing and leaves the member free",
  async (outcome) => {
    const buyer = await member();
    const [bundle] = await bundleIds(buyer.cookie);
    const { payment } = paymentResponseSchema.parse(
      (await startPayment(buyer.cookie, { bundle: bundle!.id, method: "paypal" })).body,
    );
    expect((await chooseOnSandbox(payment.checkout_url!, outcome, buyer.cookie)).status).toBe(303);
    const result = await paymentOf(buyer.cookie, payment.id);
    expect(result.payment.status).toBe(outcome);
    expect(result).toMatchObject({ credits: 0, paid_user: false });
    await expectLedgerConsistent();
  },
);

test("a pending payment is paid once it clears, found by the result page without a webhook", async () => {
  const buyer = await member();
  const [, bundle] = await bundleIds(buyer.cookie);
  const { payment } = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" })).body,
  );
  await chooseOnSandbox(payment.checkout_url!, "pending", buyer.cookie);
  // SANDBOX_SETTLE_SECONDS=0: it has cleared by the time the result page asks.
  const result = await paymentOf(buyer.cookie, payment.id);
  expect(result.payment.status).toBe("paid");
  expect(result.credits).toBe(360);
  await expectLedgerConsistent();
});

test("the same Idempotency-Key, even at once, makes one payment; without a key nothing starts", async () => {
  const buyer = await member();
  const [bundle] = await bundleIds(buyer.cookie);
  const key = newKey();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" }, key)),
  );
  const ids = new Set(answers.map((a) => paymentResponseSchema.parse(a.body).payment.id));
  expect(ids.size).toBe(1);
  const rows = await api.db.selectFrom("payments").select("id").where("user_id", "=", buyer.id).execute();
  expect(rows).toHaveLength(1);

  const unkeyed = await api.call("/api/payment.php", {
    method: "POST",
    domain,
    cookie: buyer.cookie,
    body: { bundle: bundle!.id, method: "creditcard" },
  });
  expect(unkeyed.status).toBe(400);
  expect(unkeyed.body.error).toBe("idempotency_key_required");
});

test("a member reaches only their own payments and transactions", async () => {
  const buyer = await member();
  const other = await member();
  const [bundle] = await bundleIds(buyer.cookie);
  const { payment } = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" })).body,
  );
  expect((await api.call(`/api/payment.php?id=${payment.id}`, { domain, cookie: other.cookie })).status).toBe(404);
  await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie);
  const list = transactionsResponseSchema.parse(
    (await api.call("/api/transactions.php", { domain, cookie: buyer.cookie })).body,
  );
  const purchase = list.entries.find((e) => e.kind === "purchase")!;
  expect(purchase).toMatchObject({ delta: 170, payment_id: payment.id, refused: false });
  expect((await api.call(`/api/transaction.php?id=${purchase.id}`, { domain, cookie: other.cookie })).status).toBe(404);
  const receipt = transactionResponseSchema.parse(
    (await api.call(`/api/transaction.php?id=${purchase.id}`, { domain, cookie: buyer.cookie })).body,
  );
  expect(receipt.payment?.id).toBe(payment.id);
  expect(receipt.vat_rate).toBe(20);
  // A bundle of another currency is not for sale to this member.
  const euro = await api.db
    .selectFrom("credit_bundles")
    .select("id")
    .where("site_id", "=", siteId)
    .where("currency", "=", "EUR")
    .executeTakeFirstOrThrow();
  expect((await startPayment(buyer.cookie, { bundle: euro.id, method: "creditcard" })).status).toBe(404);
  // Nor a method of another country.
  expect((await startPayment(buyer.cookie, { bundle: bundle!.id, method: "ideal" })).status).toBe(400);
});

test("sandbox payment ids are random, and only the payer sees or settles their sandbox checkout", async () => {
  const buyer = await member();
  const other = await member();
  const [bundle] = await bundleIds(buyer.cookie);
  const { payment } = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" })).body,
  );
  const id = new URL(payment.checkout_url!).searchParams.get("id")!;
  // Not derived from the site's payment id (or anything else one could count through).
  const crypto = await import("node:crypto");
  const guessed = `sbx_${crypto.createHash("sha256").update(`payment-${payment.id}`).digest("hex").slice(0, 20)}`;
  expect(id).toMatch(/^sbx_[0-9a-f]{20}$/);
  expect(id).not.toBe(guessed);
  // The same order asked again (its idempotency key) is still the same payment at the provider.
  const again = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" }, newKey())).body,
  ).payment;
  expect(new URL(again.checkout_url!).searchParams.get("id")).not.toBe(id);

  // Without a session, or with another member's, the page and its choices do not exist.
  for (const cookie of [undefined, other.cookie]) {
    const page = await sandboxPage(payment.checkout_url!, cookie);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("£8.99");
    for (const outcome of ["paid", "canceled"]) {
      expect((await chooseOnSandbox(payment.checkout_url!, outcome, cookie ?? "")).status).toBe(404);
    }
  }
  expect((await paymentOf(buyer.cookie, payment.id)).payment.status).toBe("open");
  expect((await sandboxPage(payment.checkout_url!, buyer.cookie)).status).toBe(200);
  expect((await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie)).status).toBe(303);
  expect((await paymentOf(buyer.cookie, payment.id)).payment.status).toBe("paid");
});

test("the time bonus takes 25% off the first purchase, is used once paid, and then is gone", async () => {
  const buyer = await member({ country: "NL", newcomer: true });
  await welcomeCode(buyer.id);
  const offer = creditsResponseSchema.parse(
    (await api.call("/api/credits.php", { domain, cookie: buyer.cookie })).body,
  );
  expect(offer.discount).toMatchObject({ code: "TIMEBONUS25", value_percentage: 25 });
  expect(offer.bundles[0]!.discounted_price).toEqual({ cents: 749, currency: "EUR" });
  const welcome = await api.call("/api/discountcode.php?welcome=true", { domain, cookie: buyer.cookie });
  expect(welcome.body.discountcode).toMatchObject({ code: "TIMEBONUS25", status: "active", expired: false });

  const { payment } = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: offer.bundles[0]!.id, method: "ideal" })).body,
  );
  expect(payment).toMatchObject({ price: { cents: 749 }, original_price: { cents: 999 }, discountcode: "TIMEBONUS25" });
  // Held by the open payment: no other payment may have it meanwhile.
  const typed = await api.call(`/api/discountcode.php?code=timebonus25&bundle=${offer.bundles[0]!.id}`, {
    domain,
    cookie: buyer.cookie,
  });
  expect(typed.status).toBe(409);
  expect(typed.body).toMatchObject({ error: "discount_used", data: { payment: payment.id } });
  await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie);

  const after = creditsResponseSchema.parse(
    (await api.call("/api/credits.php", { domain, cookie: buyer.cookie })).body,
  );
  expect(after.discount).toBeNull();
  expect(after.bundles[0]!.discounted_price).toBeNull();
  const again = await api.call("/api/discountcode.php?code=TIMEBONUS25", { domain, cookie: buyer.cookie });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ error: "discount_used", message: "Code already used" });
  const typedAgain = await startPayment(buyer.cookie, {
    bundle: offer.bundles[0]!.id,
    method: "ideal",
    discountcode: "TIMEBONUS25",
  });
  expect(typedAgain.body.error).toBe("discount_used");
});

test("the time bonus follows the signup time, not a code row: a newcomer without one has it, a day later nobody", async () => {
  // Signed up an hour ago, with no welcome code written (as the demo's seeded free member).
  const newcomer = await member({ country: "GB", newcomer: true });
  await signedUp(newcomer.id, 1);
  const offer = creditsResponseSchema.parse(
    (await api.call("/api/credits.php", { domain, cookie: newcomer.cookie })).body,
  );
  expect(offer.discount).toMatchObject({ code: "TIMEBONUS25", value_percentage: 25 });
  expect(Date.parse(offer.discount!.expires!)).toBeCloseTo(Date.now() + 3 * 3600_000, -5);
  expect(offer.bundles[0]!.discounted_price).toEqual({ cents: 674, currency: "GBP" });
  const user = await api.call("/api/user.php", { domain, cookie: newcomer.cookie });
  expect(user.body.user.time_bonus).toMatchObject({ code: "TIMEBONUS25", value_percentage: 25 });
  const { payment } = paymentResponseSchema.parse(
    (await startPayment(newcomer.cookie, { bundle: offer.bundles[0]!.id, method: "creditcard" })).body,
  );
  expect(payment).toMatchObject({ price: { cents: 674 }, discountcode: "TIMEBONUS25" });

  // Five hours after signing up it is over, whatever a code row says.
  const late = await member({ country: "GB", newcomer: true });
  await welcomeCode(late.id, new Date(Date.now() + 3600_000).toISOString());
  await signedUp(late.id, 5);
  const lateOffer = creditsResponseSchema.parse(
    (await api.call("/api/credits.php", { domain, cookie: late.cookie })).body,
  );
  expect(lateOffer.discount).toBeNull();
  expect((await api.call("/api/user.php", { domain, cookie: late.cookie })).body.user.time_bonus).toBeNull();
  const latePayment = paymentResponseSchema.parse(
    (await startPayment(late.cookie, { bundle: lateOffer.bundles[0]!.id, method: "creditcard" })).body,
  ).payment;
  expect(latePayment).toMatchObject({ price: { cents: 899 }, discountcode: null });
});

/** The provider's webhook for a sandbox payment, as the sandbox (or a real provider) posts it. */
const webhookFor = (checkoutUrl: string) =>
  fetch(`${api.url}/api/payment-webhook.php`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": domain },
    body: new URLSearchParams({ id: new URL(checkoutUrl).searchParams.get("id")! }),
  });

test("a discount code is held by one payment: ten started at once get it once; a failed one lets it go", async () => {
  for (const typed of [undefined, "STAY50-50"]) {
    const buyer = await member({ country: "GB", newcomer: !typed });
    if (typed) {
      const offer = await api.call("/api/retention-offer.php", {
        method: "POST",
        domain,
        cookie: buyer.cookie,
        body: { offer: 0 },
      });
      expect(offer.body.discountcode.code).toBe(typed);
    }
    const [bundle] = await bundleIds(buyer.cookie);
    const order = { bundle: bundle!.id, method: "creditcard", ...(typed ? { discountcode: typed } : {}) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => startPayment(buyer.cookie, order)));
    const started = answers.filter((a) => a.status === 200).map((a) => paymentResponseSchema.parse(a.body).payment);
    expect(started, typed ?? "TIMEBONUS25").toHaveLength(1);
    const holder = started[0]!;
    expect(holder.price.cents).toBeLessThan(899);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: "discount_used", data: { payment: holder.id } });
    }
    // A second payment later is refused too, while the first is open.
    expect((await startPayment(buyer.cookie, order)).status).toBe(409);
    // The first fails: the code is free again, and the next payment holds it.
    await chooseOnSandbox(holder.checkout_url!, "failed", buyer.cookie);
    const next = await startPayment(buyer.cookie, order);
    expect(next.status).toBe(200);
    expect(paymentResponseSchema.parse(next.body).payment.price.cents).toBe(holder.price.cents);
  }
});

test("paid twice with one code (its first hold had lapsed): checked again when paid, it is honoured once", async () => {
  const buyer = await member({ country: "GB", newcomer: true });
  await welcomeCode(buyer.id);
  const [bundle] = await bundleIds(buyer.cookie);
  const start = async () =>
    paymentResponseSchema.parse((await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" })).body)
      .payment;
  // The first payment expires (its hold ends) and a second takes the code; then the provider reports both paid.
  const first = await start();
  await chooseOnSandbox(first.checkout_url!, "expired", buyer.cookie);
  const second = await start();
  expect([first.price.cents, second.price.cents]).toEqual([674, 674]);
  const sandboxIds = [first, second].map((p) => new URL(p.checkout_url!).searchParams.get("id")!);
  await api.db.updateTable("sandbox_payments").set({ status: "paid" }).where("id", "in", sandboxIds).execute();
  const hooks = await Promise.all([webhookFor(first.checkout_url!), webhookFor(second.checkout_url!)]);
  expect(hooks.map((h) => h.status)).toEqual([200, 200]);

  const paid = await Promise.all([paymentOf(buyer.cookie, first.id), paymentOf(buyer.cookie, second.id)]);
  expect(paid.map((p) => p.payment.status)).toEqual(["paid", "paid"]);
  // One gets the bundle at 25% off; the other the credits £6.74 buys at the full price: 170 × 674 / 899.
  expect(paid.map((p) => p.payment.credits).sort()).toEqual([127, 170]);
  expect(paid[1]!.credits).toBe(297);
  const codes = await api.db.selectFrom("discount_codes").selectAll().where("user_id", "=", buyer.id).execute();
  expect(codes.map((c) => c.status)).toEqual(["used"]);
  await expectLedgerConsistent();
});

test("discount codes: unknown, expired, another country's, below the minimum and another method are not found", async () => {
  const buyer = await member({ country: "DE" });
  const expect404 = async (query: string) => {
    const answer = await api.call(`/api/discountcode.php?${query}`, { domain, cookie: buyer.cookie });
    expect(answer.status, query).toBe(404);
    expect(answer.body.message).toBe("Code not found");
  };
  await expect404("code=NOPE");
  await expect404("welcome=true");
  const code = (values: Record<string, unknown>) =>
    api.db
      .insertInto("discount_codes")
      .values({
        user_id: null,
        code: "X",
        country: null,
        value_percentage: 10,
        currency: null,
        status: "active",
        validity: "once-per-user",
        reason: "campaign",
        expires: null,
        created_at: nowIso(),
        ...values,
      })
      .execute();
  await code({ code: "OLD10", expires: "2020-01-01T00:00:00.000Z" });
  await code({ code: "NL10", country: "NL" });
  await code({ code: "BIG10", minimum_order_value: 40 });
  await code({ code: "PAYPAL10", paymentmethods: JSON.stringify(["paypal"]) });
  await code({ code: "ALL10" });
  await expect404("code=OLD10");
  await expect404("code=NL10");
  await expect404("code=BIG10");
  await expect404("code=PAYPAL10&method=sofort");
  const [small, , big] = await bundleIds(buyer.cookie);
  expect(
    (await api.call(`/api/discountcode.php?code=BIG10&bundle=${big!.id}`, { domain, cookie: buyer.cookie })).status,
  ).toBe(200);
  expect(
    (await api.call(`/api/discountcode.php?code=big10&bundle=${small!.id}`, { domain, cookie: buyer.cookie })).status,
  ).toBe(404);
  expect(
    (await api.call("/api/discountcode.php?code=PAYPAL10&method=paypal", { domain, cookie: buyer.cookie })).status,
  ).toBe(200);
  // A code for everyone is used once per member.
  const { payment } = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: small!.id, method: "sofort", discountcode: "all10" })).body,
  );
  expect(payment.price.cents).toBe(899);
  await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie);
  expect((await api.call("/api/discountcode.php?code=ALL10", { domain, cookie: buyer.cookie })).status).toBe(409);
  const other = await member({ country: "DE" });
  expect((await api.call("/api/discountcode.php?code=ALL10", { domain, cookie: other.cookie })).status).toBe(200);
});

/** A provider whose answers a test scripts: each getPayment answers the next status. */
function scriptedProvider(statuses: ProviderPayment["status"][]): PaymentProvider & { creates: number } {
  const provider = {
    name: "mollie" as const,
    creates: 0,
    async createPayment() {
      provider.creates++;
      return { id: "tr_scripted", status: "open" as const, checkoutUrl: "https://pay.example/tr_scripted" };
    },
    async getPayment(id: string) {
      return { id, status: statuses.shift() ?? "paid", checkoutUrl: null };
    },
    async refund(_request: RefundRequest): Promise<{ id: string }> {
      return { id: "re_1" };
    },
    async findRefund() {
      return null;
    },
  };
  return provider;
}

/**
 * A buyer on a new site of another API (another provider): their credits offer, a way to start a payment of the
 * n-th bundle, and the provider's webhook for a payment id.
 */
async function buyerOn(target: TestApi, country = "GB") {
  const site = await createSite(target.db);
  const buyer = await logIn(target, site.domain, { siteId: site.id, country });
  await signedUp(buyer.id, 24, target);
  const offer = creditsResponseSchema.parse(
    (await target.call("/api/credits.php", { domain: site.domain, cookie: buyer.cookie })).body,
  );
  return {
    domain: site.domain,
    buyer,
    offer,
    pay: (bundle: number, method: string) =>
      startPayment(buyer.cookie, { bundle, method }, newKey(), target, site.domain),
    webhook: (id: string) =>
      fetch(`${target.url}/api/payment-webhook.php`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": site.domain },
        body: new URLSearchParams({ id }),
      }),
    user: () => target.db.selectFrom("users").selectAll().where("id", "=", buyer.id).executeTakeFirstOrThrow(),
  };
}

test("webhooks: replayed, in parallel and out of order, a payment is credited exactly once and stays paid", async () => {
  const provider = scriptedProvider(["pending", "paid", "paid", "paid", "failed", "open"]);
  const scripted = await startTestApi({}, { payments: provider });
  try {
    const { offer, pay, webhook, user } = await buyerOn(scripted);
    const { payment } = paymentResponseSchema.parse((await pay(offer.bundles[0]!.id, "creditcard")).body);
    expect((await webhook("tr_scripted")).status).toBe(200); // pending
    const paid = await Promise.all([webhook("tr_scripted"), webhook("tr_scripted"), webhook("tr_scripted")]);
    expect(paid.map((r) => r.status)).toEqual([200, 200, 200]); // paid three times at once
    await webhook("tr_scripted"); // a stale "failed" after paid
    await webhook("tr_scripted"); // a stale "open"
    const row = await scripted.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", payment.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    expect(await user()).toMatchObject({ credits: offer.bundles[0]!.credits, paid_user: 1 });
    expect(await checkLedger(scripted.db)).toEqual({ balances: [], purchases: [], returns: [] });
    // A webhook for a payment nobody made is answered without effect.
    expect((await webhook("tr_unknown")).status).toBe(200);
    expect(provider.creates).toBe(1);
  } finally {
    await scripted.close();
  }
});

test("a lost webhook loses nothing: the scheduled check credits a payment the provider reports paid", async () => {
  const provider = scriptedProvider(["paid"]);
  const scripted = await startTestApi({}, { payments: provider });
  try {
    const { offer, pay, user } = await buyerOn(scripted);
    await pay(offer.bundles[1]!.id, "creditcard");
    expect(await checkUnsettledPayments({ db: scripted.db, provider }, { olderThanMs: -1000 })).toBe(1);
    expect((await user()).credits).toBe(offer.bundles[1]!.credits);
  } finally {
    await scripted.close();
  }
});

test("with Mollie (a local fake of its API): checkout, webhook, paid", async () => {
  const mollie = await startFakeMollie();
  const provider = mollieProvider({ apiKey: fakeMollieApiKey, apiEndpoint: mollie.url, retryBaseMs: 1 });
  const withMollie = await startTestApi({}, { payments: provider });
  try {
    const { domain: site, offer, pay, webhook, user } = await buyerOn(withMollie, "BE");
    expect(offer.methods[0]).toBe("bancontact");
    const { payment } = paymentResponseSchema.parse((await pay(offer.bundles[0]!.id, "bancontact")).body);
    const created = mollie.requests.find((r) => r.method === "POST")!;
    expect(created.body).toMatchObject({
      amount: { currency: "EUR", value: "9.99" },
      method: "bancontact",
      redirectUrl: `https://${site}/payment/${payment.id}`,
      webhookUrl: `https://${site}/api/payment-webhook.php`,
    });
    expect(created.headers["idempotency-key"]).toBe(`payment-${payment.id}`);
    const providerId = [...mollie.payments.keys()][0]!;
    mollie.setStatus(providerId, "paid");
    await webhook(providerId);
    expect(await user()).toMatchObject({ credits: 170, paid_user: 1 });
  } finally {
    await withMollie.close();
    await mollie.close();
  }
});

test("with payments off, buying answers 503 and nothing is started", async () => {
  const off = await startTestApi({ PAYMENT_PROVIDER: "none" });
  try {
    const { pay } = await buyerOn(off);
    const answer = await pay(1, "creditcard");
    expect(answer.status).toBe(503);
    expect(answer.body.error).toBe("payments_unavailable");
    expect(await off.db.selectFrom("payments").select("id").execute()).toHaveLength(0);
  } finally {
    await off.close();
  }
});

test("50 parallel spends of 1 credit on a balance of 10: exactly 10 succeed, 40 are refused and recorded", async () => {
  const spender = await createMember(api.db, siteId);
  await api.db.transaction().execute((trx) =>
    moveCredits(trx, {
      userId: spender.id,
      amount: 10,
      kind: "adjustment",
      reference: null,
      idempotencyKey: "seed",
      at: nowIso(),
    }),
  );
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      api.db.transaction().execute((trx) =>
        moveCredits(trx, {
          userId: spender.id,
          amount: -1,
          kind: "message",
          reference: `message:${i}`,
          idempotencyKey: `message:${i}`,
          at: nowIso(),
        }),
      ),
    ),
  );
  expect(results.filter((r) => r.applied)).toHaveLength(10);
  const user = await api.db
    .selectFrom("users")
    .select("credits")
    .where("id", "=", spender.id)
    .executeTakeFirstOrThrow();
  expect(user.credits).toBe(0);
  const refused = await api.db
    .selectFrom("credit_ledger")
    .select("id")
    .where("user_id", "=", spender.id)
    .where("refused", "=", 1)
    .execute();
  expect(refused).toHaveLength(40);
  // The same key again moves nothing and answers the first outcome.
  const replay = await api.db.transaction().execute((trx) =>
    moveCredits(trx, {
      userId: spender.id,
      amount: -1,
      kind: "message",
      reference: "message:0",
      idempotencyKey: "message:0",
      at: nowIso(),
    }),
  );
  expect(replay.replayed).toBe(true);
  await expectLedgerConsistent();
  // The database itself refuses a negative balance, whatever code tries.
  await expect(
    api.db.updateTable("users").set({ credits: -1 }).where("id", "=", spender.id).execute(),
  ).rejects.toThrow();
});

/** A member who bought the smallest bundle in the sandbox (170 credits for £8.99) and then spent `spent` of them. */
async function buyerWhoSpent(spent: number) {
  const buyer = await member({ country: "GB" });
  const [bundle] = await bundleIds(buyer.cookie);
  const { payment } = paymentResponseSchema.parse(
    (await startPayment(buyer.cookie, { bundle: bundle!.id, method: "creditcard" })).body,
  );
  await chooseOnSandbox(payment.checkout_url!, "paid", buyer.cookie);
  if (spent)
    await api.db.transaction().execute((trx) =>
      moveCredits(trx, {
        userId: buyer.id,
        amount: -spent,
        kind: "message",
        reference: "message:1",
        idempotencyKey: newKey(),
        at: nowIso(),
      }),
    );
  return { buyer, payment };
}

const returnsOf = async (cookie: string) =>
  returnsResponseSchema.parse((await api.call("/api/returns.php", { domain, cookie })).body);

function returnPurchase(cookie: string, payment: number, key = newKey(), target = api, site = domain) {
  return target.call("/api/return.php", {
    method: "POST",
    domain: site,
    cookie,
    body: { payment },
    headers: { "idempotency-key": key },
  });
}

test("returns: a purchase's unused credits go back within refund_days, refunded through the provider, once", async () => {
  const { buyer, payment } = await buyerWhoSpent(70);
  const offered = await returnsOf(buyer.cookie);
  expect(offered.refund_days).toBe(14);
  expect(offered.returnable).toHaveLength(1);
  // 100 of 170 credits unused: that share of £8.99, rounded down.
  expect(offered.returnable[0]).toMatchObject({
    payment: { id: payment.id },
    unused_credits: 100,
    refund: { cents: 528, currency: "GBP" },
  });

  // Five different requests at once: exactly one returns it.
  const answers = await Promise.all(Array.from({ length: 5 }, () => returnPurchase(buyer.cookie, payment.id)));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
  const winner = answers.find((a) => a.status === 200)!;
  const { refund, credits } = returnResponseSchema.parse(winner.body);
  expect(refund).toMatchObject({ payment_id: payment.id, credits: 100, amount: { cents: 528 }, status: "refunded" });
  expect(credits).toBe(0);
  expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === "already_returned")).toBe(true);

  const atProvider = await api.db
    .selectFrom("sandbox_payments")
    .select("refunded_cents")
    .innerJoin("payments", "payments.provider_payment_id", "sandbox_payments.id")
    .where("payments.id", "=", payment.id)
    .executeTakeFirstOrThrow();
  expect(atProvider.refunded_cents).toBe(528);
  const after = await returnsOf(buyer.cookie);
  expect(after.returnable).toEqual([]);
  expect(after.refunds).toMatchObject([{ payment_id: payment.id, status: "refunded" }]);
  const list = transactionsResponseSchema.parse(
    (await api.call("/api/transactions.php", { domain, cookie: buyer.cookie })).body,
  );
  expect(list.entries[0]).toMatchObject({ kind: "return", delta: -100, payment_id: payment.id });
  await expectLedgerConsistent();
});

test("returns: not after refund_days, not of spent credits, not of another member's purchase", async () => {
  const spentAll = await buyerWhoSpent(170);
  expect((await returnsOf(spentAll.buyer.cookie)).returnable).toEqual([]);
  const refused = await returnPurchase(spentAll.buyer.cookie, spentAll.payment.id);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe("not_returnable");

  const late = await buyerWhoSpent(0);
  expect((await returnPurchase(spentAll.buyer.cookie, late.payment.id)).status).toBe(409);
  const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 3600_000).toISOString();
  await api.db.updateTable("payments").set({ paid_at: fifteenDaysAgo }).where("id", "=", late.payment.id).execute();
  expect((await returnsOf(late.buyer.cookie)).returnable).toEqual([]);
  expect((await returnPurchase(late.buyer.cookie, late.payment.id)).status).toBe(409);
  expect((await returnPurchase(late.buyer.cookie, late.payment.id, "")).status).toBe(400);
  await expectLedgerConsistent();
});

test("returns: a refused refund gives the credits back; a lost answer stays pending until the check settles it", async () => {
  const outcomes: ("refuse" | "lose" | "ok")[] = ["refuse", "lose", "ok"];
  const provider = scriptedProvider(["paid"]);
  provider.refund = async () => {
    const outcome = outcomes.shift();
    if (outcome === "refuse") throw new RefundRefused("Mollie answered 422");
    if (outcome === "lose") throw new Error("socket hang up");
    return { id: "re_ok" };
  };
  const scripted = await startTestApi({}, { payments: provider });
  try {
    const { domain: site, buyer, offer, pay, webhook, user } = await buyerOn(scripted);
    const { payment } = paymentResponseSchema.parse((await pay(offer.bundles[0]!.id, "creditcard")).body);
    await webhook("tr_scripted");
    const bought = (await user()).credits;

    const refusedKey = newKey();
    const refusedAnswer = await returnPurchase(buyer.cookie, payment.id, refusedKey, scripted, site);
    expect(refusedAnswer.status).toBe(422);
    expect(refusedAnswer.body.error).toBe("refund_refused");
    // Sent again as it was, it answers the same: the web tier's retry does not turn a refusal into a success.
    expect((await returnPurchase(buyer.cookie, payment.id, refusedKey, scripted, site)).status).toBe(422);
    expect((await user()).credits).toBe(bought);

    const lost = await returnPurchase(buyer.cookie, payment.id, newKey(), scripted, site);
    expect(lost.status).toBe(200);
    expect(returnResponseSchema.parse(lost.body).refund.status).toBe("pending");
    expect((await user()).credits).toBe(0);

    const log = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof checkPendingRefunds>[1];
    expect(await checkPendingRefunds({ db: scripted.db, provider }, log, { olderThanMs: -1000 })).toBe(1);
    const refund = await scripted.db.selectFrom("refunds").selectAll().executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: "refunded", attempt: 2, provider_refund_id: "re_ok" });
    expect(await checkLedger(scripted.db)).toEqual({ balances: [], purchases: [], returns: [] });
  } finally {
    await scripted.close();
  }
});

test("repeat orders: each bundle and method paid before, at today's price, and nothing unpaid", async () => {
  const { buyer, payment } = await buyerWhoSpent(0);
  const [, second] = await bundleIds(buyer.cookie);
  await startPayment(buyer.cookie, { bundle: second!.id, method: "paypal" }); // abandoned: not an order to repeat
  const { orders, discount } = repeatOrdersResponseSchema.parse(
    (await api.call("/api/repeat-orders.php", { domain, cookie: buyer.cookie })).body,
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ bundle: { id: payment.bundle_id, credits: 170 }, method: "creditcard" });
  expect(discount).toBeNull();
  expect((await api.call("/api/repeat-orders.php", { domain })).status).toBe(403);
});
