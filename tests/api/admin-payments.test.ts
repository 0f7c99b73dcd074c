import { afterAll, beforeAll, expect, test } from "vitest";
import type { PaymentProvider } from "../../api/adapters/payments/provider";
import { moveCredits } from "../../api/credits/ledger";
import { checkLedger } from "../../api/credits/ledger-check";
import { nowIso } from "../../api/db/database";
import { adminActivitySchema } from "../../contract/admin-overview";
import { adminPaymentDetailSchema, adminPaymentsResponseSchema } from "../../contract/admin-payments";
import { DAY, MINUTE } from "../../contract/durations";
import { createMember, createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

/** Issue 33: the admin area's payments (list, one payment, refund) and the overview's activity per day. */

/** A provider that counts its refunds and answers them a moment later, so that twin requests overlap. */
const refundCalls: string[] = [];
const countingProvider: PaymentProvider = {
  name: "sandbox",
  createPayment: () => Promise.reject(new Error("not in these tests")),
  getPayment: () => Promise.reject(new Error("not in these tests")),
  async refund(request) {
    refundCalls.push(request.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { id: `re_${refundCalls.length}` };
  },
  findRefund: () => Promise.resolve(null),
};

let api: TestApi;
let site: { id: number; domain: string };
let admin: Awaited<ReturnType<typeof loggedInMember>>;
let keys = 0;
const newKey = () => `admin-refund-${Date.now()}-${keys++}`;

/** The admin's session gave its second factor `ago` milliseconds ago. */
async function secondFactorGiven(userId: number, ago = 0) {
  await api.db.updateTable("users").set({ totp_secret: "JBSWY3DPEHPK3PXP" }).where("id", "=", userId).execute();
  const at = new Date(Date.now() - ago).toISOString();
  await api.db.updateTable("sessions").set({ second_factor_at: at }).where("user_id", "=", userId).execute();
}

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000" }, { payments: countingProvider });
  site = await createSite(api.db);
  admin = await loggedInMember(api, site.domain, { siteId: site.id, role: "admin" });
  await secondFactorGiven(admin.id);
});
afterAll(() => api.close());

const get = (path: string) => api.call(path, { domain: site.domain, cookie: admin.cookie });
const refund = (payment: number, reason: string, key = newKey(), cookie = admin.cookie) =>
  api.call("/api/admin/refund.php", {
    method: "POST",
    domain: site.domain,
    cookie,
    body: { payment, reason },
    headers: { "idempotency-key": key },
  });

interface PaymentSpec {
  method?: string;
  status?: "paid" | "failed" | "open";
  credits?: number;
  cents?: number;
  currency?: string;
  at?: string;
  siteId?: number;
}

/** A payment of a member, made as the checkout would: paid ones credited through the ledger. */
async function payment(userId: number, spec: PaymentSpec = {}) {
  const siteId = spec.siteId ?? site.id;
  const at = spec.at ?? nowIso();
  const status = spec.status ?? "paid";
  const bundle = await api.db
    .selectFrom("credit_bundles")
    .select("id")
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow();
  const key = newKey();
  const row = await api.db
    .insertInto("payments")
    .values({
      site_id: siteId,
      user_id: userId,
      bundle_id: bundle.id,
      credits: spec.credits ?? 170,
      amount_cents: spec.cents ?? 899,
      original_amount_cents: spec.cents ?? 899,
      currency: spec.currency ?? "EUR",
      method: spec.method ?? "creditcard",
      provider: "sandbox",
      provider_payment_id: `tr_${key}`,
      checkout_url: null,
      status,
      discount_code_id: null,
      discount_claim: null,
      idempotency_key: key,
      request_hash: null,
      created_at: at,
      updated_at: at,
      paid_at: status === "paid" ? at : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (status === "paid")
    await api.db.transaction().execute((trx) =>
      moveCredits(trx, {
        userId,
        amount: row.credits,
        kind: "purchase",
        reference: `payment:${row.id}`,
        idempotencyKey: `payment:${row.id}`,
        at,
      }),
    );
  return row;
}

const spend = (userId: number, credits: number) =>
  api.db.transaction().execute((trx) =>
    moveCredits(trx, {
      userId,
      amount: -credits,
      kind: "message",
      reference: "message:1",
      idempotencyKey: newKey(),
      at: nowIso(),
    }),
  );

test("the list filters by status, method, country and date range, newest first, and shows no other site's", async () => {
  const dutch = await createMember(api.db, site.id, { country: "NL" });
  const german = await createMember(api.db, site.id, { country: "DE" });
  const ideal = await payment(dutch.id, { method: "ideal", at: "2026-03-02T10:00:00.000Z" });
  const failed = await payment(dutch.id, { method: "ideal", status: "failed", at: "2026-03-05T10:00:00.000Z" });
  const card = await payment(german.id, { method: "creditcard", at: "2026-03-09T23:59:00.000Z" });
  const other = await createSite(api.db);
  const stranger = await createMember(api.db, other.id, { country: "NL" });
  await payment(stranger.id, { siteId: other.id, at: "2026-03-03T10:00:00.000Z" });

  const ids = async (query: string) => {
    const params = new URLSearchParams({ from: "2026-03-01", to: "2026-03-31" });
    for (const [name, value] of new URLSearchParams(query)) params.set(name, value);
    const answer = await get(`/api/admin/payments.php?${params}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return adminPaymentsResponseSchema.parse(answer.body).payments.map((p) => p.id);
  };
  expect(await ids("")).toEqual([card.id, failed.id, ideal.id]);
  expect(await ids("status=paid")).toEqual([card.id, ideal.id]);
  expect(await ids("status=failed&method=")).toEqual([failed.id]);
  expect(await ids("method=ideal")).toEqual([failed.id, ideal.id]);
  expect(await ids("country=DE")).toEqual([card.id]);
  expect(await ids("to=2026-03-09&from=2026-03-05")).toEqual([card.id, failed.id]);
  expect(await ids("to=2026-03-04")).toEqual([ideal.id]);

  const list = adminPaymentsResponseSchema.parse(
    (await get("/api/admin/payments.php?country=NL&from=2026-03-01")).body,
  );
  expect(list).toMatchObject({ total: 2, page: 1, pages: 1 });
  expect(list.methods).toEqual(expect.arrayContaining(["creditcard", "ideal"]));
  expect(list.countries).toEqual(expect.arrayContaining(["DE", "NL"]));
  expect(list.payments[0]).toMatchObject({
    member: { id: dutch.id, country: "NL" },
    amount: { cents: 899, currency: "EUR" },
    provider_payment_id: failed.provider_payment_id,
  });

  expect((await get("/api/admin/payments.php?status=lost")).status).toBe(400);
  expect((await get(`/api/admin/payment.php?id=${ideal.id + 1000}`)).status).toBe(404);
});

test("a refund returns the money whole through the provider and takes back the credits as far as the balance allows", async () => {
  const buyer = await createMember(api.db, site.id, { country: "NL" });
  const paid = await payment(buyer.id, { credits: 170, cents: 899 });
  await spend(buyer.id, 70);
  const calls = refundCalls.length;

  const answer = await refund(paid.id, "Charged twice, says the bank");
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    refund: {
      credits: 100,
      amount: { cents: 899, currency: "EUR" },
      status: "refunded",
      reason: "Charged twice, says the bank",
    },
    member_credits: 0,
  });
  expect(refundCalls.length).toBe(calls + 1);

  const detail = adminPaymentDetailSchema.parse((await get(`/api/admin/payment.php?id=${paid.id}`)).body);
  expect(detail.payment).toMatchObject({
    id: paid.id,
    refund_status: "refunded",
    provider_payment_id: paid.provider_payment_id,
  });
  expect(detail.bundle).not.toBeNull();
  expect(detail.ledger.map((e) => [e.kind, e.delta])).toEqual([
    ["purchase", 170],
    ["return", -100],
  ]);
  expect(detail.refundable).toBe(false);

  const audit = await api.db
    .selectFrom("staff_actions")
    .selectAll()
    .where("target_ref", "=", `payment:${paid.id}`)
    .execute();
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ staff_id: admin.id, action: "payment.refund", target_user_id: buyer.id });

  // Again, with another key: refunded already, nothing more asked of the provider.
  const again = await refund(paid.id, "Once more");
  expect(again.status).toBe(409);
  expect(again.body.error).toBe("already_returned");
  expect(refundCalls.length).toBe(calls + 1);

  const report = await checkLedger(api.db);
  expect(report.returns).toEqual([]);
  expect(report.balances.filter((b) => b.credits !== b.sum)).toEqual([]);
});

test("a member who spent every credit bought still gets the money back; no credits move", async () => {
  const buyer = await createMember(api.db, site.id);
  const paid = await payment(buyer.id, { credits: 50, cents: 499 });
  await spend(buyer.id, 50);
  const answer = await refund(paid.id, "Goodwill after a complaint");
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    refund: { credits: 0, amount: { cents: 499 }, status: "refunded" },
    member_credits: 0,
  });
  const detail = adminPaymentDetailSchema.parse((await get(`/api/admin/payment.php?id=${paid.id}`)).body);
  expect(detail.ledger.map((e) => e.kind)).toEqual(["purchase"]);
  expect((await checkLedger(api.db)).returns).toEqual([]);
});

test("two refunds of one payment at once make one refund, one provider call and one ledger movement", async () => {
  const buyer = await createMember(api.db, site.id, { country: "DE" });
  const paid = await payment(buyer.id, { credits: 120, cents: 1299 });
  const calls = refundCalls.length;

  const answers = await Promise.all([refund(paid.id, "Double click"), refund(paid.id, "Double click")]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(refundCalls.length).toBe(calls + 1);
  const refunds = await api.db.selectFrom("refunds").selectAll().where("payment_id", "=", paid.id).execute();
  expect(refunds).toHaveLength(1);
  const movements = await api.db
    .selectFrom("credit_ledger")
    .selectAll()
    .where("user_id", "=", buyer.id)
    .where("reason", "=", "return")
    .execute();
  expect(movements.map((m) => m.delta)).toEqual([-120]);
  expect((await checkLedger(api.db)).returns).toEqual([]);
});

test("a refund without a fresh second factor is refused with step_up_required, and without a reason at the field", async () => {
  const buyer = await createMember(api.db, site.id);
  const paid = await payment(buyer.id);
  const stale = await loggedInMember(api, site.domain, { siteId: site.id, role: "admin" });
  await secondFactorGiven(stale.id, 11 * MINUTE);

  const answer = await refund(paid.id, "A reason", newKey(), stale.cookie);
  expect(answer.status).toBe(403);
  expect(answer.body.error).toBe("step_up_required");
  expect(await api.db.selectFrom("refunds").selectAll().where("payment_id", "=", paid.id).execute()).toEqual([]);

  const noReason = await refund(paid.id, " ");
  expect(noReason.status).toBe(400);
  expect(noReason.body.data.fields.reason).toBe("admin.payments.reasonRequired");

  const unpaid = await payment(buyer.id, { status: "failed" });
  expect((await refund(unpaid.id, "Not paid")).body.error).toBe("not_returnable");
});

test("the overview counts signups, activations, first purchases, revenue and refunds per currency, messages and reports per day", async () => {
  const own = await createSite(api.db);
  const ownAdmin = await loggedInMember(api, own.domain, { siteId: own.id, role: "admin" });
  const cookie = ownAdmin.cookie;
  await secondFactorGiven(ownAdmin.id);
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  const longAgo = new Date(Date.now() - 40 * DAY).toISOString();

  const a = await createMember(api.db, own.id, { country: "NL" });
  const b = await createMember(api.db, own.id, { country: "GB" });
  const c = await createMember(api.db, own.id);
  await api.db
    .updateTable("users")
    .set({ signup_date: `${yesterday}T08:00:00.000Z`, activated_at: `${yesterday}T09:00:00.000Z` })
    .where("id", "=", a.id)
    .execute();
  await api.db.updateTable("users").set({ signup_date: longAgo }).where("id", "=", c.id).execute();
  const aYesterday = await payment(a.id, {
    siteId: own.id,
    cents: 500,
    currency: "EUR",
    at: `${yesterday}T10:00:00.000Z`,
  });
  const aToday = await payment(a.id, { siteId: own.id, cents: 700, currency: "EUR", at: `${today}T00:00:01.000Z` });
  const bToday = await payment(b.id, { siteId: own.id, cents: 899, currency: "GBP", at: `${today}T00:00:02.000Z` });
  // Refunds count on the day the provider confirmed them; one still pending, or refused, returned no money.
  const elsewhere = await payment(a.id, { cents: 999, at: `${today}T00:00:05.000Z` });
  for (const [paid, cents, status, at] of [
    [aYesterday, 200, "refunded", `${today}T00:30:00.000Z`],
    [aToday, 700, "pending", `${today}T00:31:00.000Z`],
    [bToday, 899, "failed", `${today}T00:32:00.000Z`],
    [elsewhere, 999, "refunded", `${today}T00:33:00.000Z`],
  ] as const)
    await api.db
      .insertInto("refunds")
      .values({
        user_id: paid.user_id,
        payment_id: paid.id,
        credits: 10,
        amount_cents: cents,
        currency: paid.currency,
        status,
        attempt: 1,
        provider_refund_id: null,
        idempotency_key: newKey(),
        created_at: `${yesterday}T23:00:00.000Z`,
        updated_at: at,
      })
      .execute();
  await payment(b.id, { siteId: own.id, status: "failed", cents: 100, at: `${today}T00:00:03.000Z` });
  await payment(c.id, { siteId: own.id, cents: 300, at: longAgo });
  await payment(c.id, { siteId: own.id, cents: 300, at: `${today}T00:00:04.000Z` });
  const conversation = await api.db
    .insertInto("conversations")
    .values({
      site_id: own.id,
      member_low: a.id,
      member_high: b.id,
      started_by: a.id,
      created_at: nowIso(),
      last_message_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, at] of [`${yesterday}T12:00:00.000Z`, `${today}T00:10:00.000Z`, `${today}T00:11:00.000Z`].entries())
    await api.db
      .insertInto("messages")
      .values({
        conversation_id: conversation.id,
        sender_id: a.id,
        kind: "text",
        body: "hi",
        credits: 0,
        idempotency_key: `m${i}-${newKey()}`,
        request_hash: null,
        created_at: at,
        photo_key: null,
        photo_status: null,
        photo_width: null,
        photo_height: null,
        gift: null,
        hidden_at: null,
      })
      .execute();
  await api.db
    .insertInto("reports")
    .values({
      site_id: own.id,
      subject: "profile",
      subject_id: b.id,
      member_id: b.id,
      opened_at: `${today}T00:20:00.000Z`,
      closed_at: null,
    })
    .execute();

  const answer = await api.call("/api/admin/activity.php?days=7", { domain: own.domain, cookie });
  expect(answer.status).toBe(200);
  const activity = adminActivitySchema.parse(answer.body);
  const on = (daily: { day: string; value: number }[], day: string) => daily.find((d) => d.day === day)?.value;
  expect(activity.signups).toHaveLength(7);
  expect(activity.to).toBe(today);
  expect(on(activity.signups, yesterday)).toBe(1);
  expect(activity.signups.reduce((sum, d) => sum + d.value, 0)).toBe(3); // a, b and the admin; not c, 40 days ago
  expect(on(activity.activations, yesterday)).toBe(1);
  // a's first purchase was yesterday, b's today; c bought 40 days ago.
  expect(on(activity.first_purchases, yesterday)).toBe(1);
  expect(on(activity.first_purchases, today)).toBe(1);
  expect(activity.revenue).toEqual([
    {
      currency: "EUR",
      daily: expect.arrayContaining([
        { day: yesterday, value: 500 },
        { day: today, value: 1000 },
      ]),
    },
    { currency: "GBP", daily: expect.arrayContaining([{ day: today, value: 899 }]) },
  ]);
  expect(activity.refunds).toEqual([
    {
      currency: "EUR",
      daily: expect.arrayContaining([
        { day: yesterday, value: 0 },
        { day: today, value: 200 },
      ]),
    },
  ]);
  expect(on(activity.messages, yesterday)).toBe(1);
  expect(on(activity.messages, today)).toBe(2);
  expect(on(activity.reports, today)).toBe(1);
  expect(activity.open_reports).toBe(1);
  expect((await api.call("/api/admin/activity.php?days=12", { domain: own.domain, cookie })).status).toBe(400);
});
