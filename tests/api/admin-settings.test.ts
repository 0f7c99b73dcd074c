import type { Insertable } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { moveCredits } from "../../api/credits/ledger";
import { checkLedger } from "../../api/credits/ledger-check";
import { nowIso } from "../../api/db/database";
import type { PaymentsTable } from "../../api/db/schema";
import {
  adminBundlesResponseSchema,
  adminDiscountCodesResponseSchema,
  adminSettingsResponseSchema,
} from "../../contract/admin-settings";
import { creditsResponseSchema, paymentResponseSchema } from "../../contract/payments";
import { secondFactorStatusSchema } from "../../contract/staff";
import { createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

/*
 * Issue 33: the admin area's settings, credit bundles and discount codes (docs/product.md §6.9). Each test makes
 * its own site, so that what one changes no other sees.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000", PAYMENT_PROVIDER: "sandbox", SANDBOX_SETTLE_SECONDS: "0" });
});
afterAll(() => api.close());

async function siteWithAdmin() {
  const site = await createSite(api.db);
  const admin = await loggedInMember(api, site.domain, { siteId: site.id, role: "admin" });
  const call = (method: string, url: string, body?: unknown, cookie = admin.cookie) =>
    api.call(url, { method, domain: site.domain, cookie, body });
  const { setup } = secondFactorStatusSchema.parse((await call("GET", "/api/staff/second-factor.php")).body);
  const enrolment = await call("POST", "/api/staff/totp-enrolment.php", {
    code: await generate({ secret: setup!.secret }),
  });
  expect(enrolment.status).toBe(200);
  const member = await loggedInMember(api, site.domain, { siteId: site.id, country: "NL" });
  const audit = (action: string) =>
    api.db
      .selectFrom("staff_actions")
      .selectAll()
      .where("site_id", "=", site.id)
      .where("action", "=", action)
      .orderBy("id")
      .execute();
  return { site, admin, member, call, audit };
}

/** A paid payment as the payments feature leaves one: with its purchase in the ledger (ledger:check holds). */
function paidPayment(payment: Insertable<PaymentsTable>) {
  return api.db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto("payments").values(payment).returning("id").executeTakeFirstOrThrow();
    await moveCredits(trx, {
      userId: payment.user_id,
      amount: payment.credits,
      kind: "purchase",
      reference: `payment:${id}`,
      idempotencyKey: `payment:${id}`,
      at: nowIso(),
    });
  });
}

const settingsOf = async (call: Awaited<ReturnType<typeof siteWithAdmin>>["call"]) =>
  adminSettingsResponseSchema.parse((await call("GET", "/api/admin/settings.php")).body);

describe("settings", () => {
  test("shows every setting's value and its default", async () => {
    const { call } = await siteWithAdmin();
    const { values, defaults } = await settingsOf(call);
    expect(values["prices.message_credits"]).toBe(10);
    expect(defaults["prices.message_credits"]).toBe(10);
    expect(values["signup.who"]).toBe("all");
    expect(defaults).not.toHaveProperty("domain");
    expect(values["company.name"]).toBeTruthy();
  });

  test("a new message price is saved, audited with before and after, and answered to members at once", async () => {
    const { site, member, call, audit } = await siteWithAdmin();
    // Cached before the change, as every process has it.
    expect(
      (await api.call(`/api/settings.php?domain=${site.domain}`, { domain: site.domain })).body.message_credits,
    ).toBe(10);

    const saved = await call("PUT", "/api/admin/settings.php", {
      group: "prices",
      values: { "prices.message_credits": 12, "prices.photo_credits": 15 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.changes.map((c: { path: string }) => c.path)).toContain("prices.message_credits");

    const settings = await api.call(`/api/settings.php?domain=${site.domain}`, { domain: site.domain });
    expect(settings.body.message_credits).toBe(12);
    const credits = creditsResponseSchema.parse(
      (await api.call("/api/credits.php", { domain: site.domain, cookie: member.cookie })).body,
    );
    expect(credits.prices.message).toBe(12);
    const [row] = await audit("settings.update");
    expect(row).toMatchObject({ target_ref: "settings:prices" });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ "prices.message_credits": 10 });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ "prices.message_credits": 12 });
    // The money shown beside the send button followed, as it was at its default.
    expect(
      Object.keys(JSON.parse(row!.after_json!)).some((path) => path.startsWith("prices.minimum_message_costs.")),
    ).toBe(true);
  });

  test("bad values are refused at their fields with translation keys, and nothing is written", async () => {
    const { call, audit } = await siteWithAdmin();
    const bad = await call("PUT", "/api/admin/settings.php", {
      group: "prices",
      values: { "prices.message_credits": "ten", "prices.refund_days": 999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: "validation_failed",
      data: {
        fields: {
          "prices.message_credits": "admin.settings.errors.number",
          "prices.refund_days": "admin.settings.errors.tooBig",
        },
      },
    });
    const email = await call("PUT", "/api/admin/settings.php", {
      group: "company",
      values: { "support.email": "not an address" },
    });
    expect(email.body.data.fields).toEqual({ "support.email": "admin.settings.errors.format" });
    const otherGroup = await call("PUT", "/api/admin/settings.php", {
      group: "chat",
      values: { "prices.message_credits": 1 },
    });
    expect(otherGroup.body.data.fields).toEqual({ "prices.message_credits": "admin.settings.errors.invalid" });
    expect((await settingsOf(call)).values["prices.message_credits"]).toBe(10);
    expect(await audit("settings.update")).toHaveLength(0);
  });

  test("a domain another site answers for is refused at its field", async () => {
    const other = await createSite(api.db);
    const { call } = await siteWithAdmin();
    const taken = await call("PUT", "/api/admin/settings.php", {
      group: "identity",
      values: { other_domains: [other.domain] },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.data.fields).toEqual({ other_domains: "admin.settings.errors.domainTaken" });
  });

  test("two saves at once: each records its own audit row, one after the other, and the last one stands", async () => {
    const { call, audit } = await siteWithAdmin();
    const [a, b] = await Promise.all(
      [11, 13].map((price) =>
        call("PUT", "/api/admin/settings.php", { group: "prices", values: { "prices.message_credits": price } }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    const rows = await audit("settings.update");
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => ({
      before: JSON.parse(r.before_json!)["prices.message_credits"],
      after: JSON.parse(r.after_json!)["prices.message_credits"],
    }));
    expect(first!.before).toBe(10);
    // The second saw the first's result: no lost update.
    expect(second!.before).toBe(first!.after);
    expect((await settingsOf(call)).values["prices.message_credits"]).toBe(second!.after);
  });

  test("saving a group unchanged changes nothing and records nothing", async () => {
    const { call, audit } = await siteWithAdmin();
    const { values } = await settingsOf(call);
    const same = await call("PUT", "/api/admin/settings.php", {
      group: "chat",
      values: {
        "chat.message_length": values["chat.message_length"],
        "chat.photo_moderation": values["chat.photo_moderation"],
        side_offer: values.side_offer,
      },
    });
    expect(same.body.changes).toEqual([]);
    expect(await audit("settings.update")).toHaveLength(0);
  });
});

describe("credit bundles", () => {
  test("add, edit and retire a bundle; members see only bundles on sale; a retired one stays listed", async () => {
    const { site, member, call, audit } = await siteWithAdmin();
    const added = await call("POST", "/api/admin/bundles.php", { currency: "EUR", credits: 5000, price_cents: 19_999 });
    expect(added.status).toBe(200);
    const id = added.body.bundle.id as number;
    expect(added.body.bundle).toMatchObject({ currency: "EUR", credits: 5000, price_cents: 19_999, retired_at: null });
    const offer = async () =>
      creditsResponseSchema.parse(
        (await api.call("/api/credits.php", { domain: site.domain, cookie: member.cookie })).body,
      ).bundles;
    expect((await offer()).at(-1)).toMatchObject({ id, credits: 5000, price: { cents: 19_999 } });

    const edited = await call("PUT", "/api/admin/bundles.php", { id, credits: 5500, price_cents: 18_999, position: 9 });
    expect(edited.body.bundle).toMatchObject({ credits: 5500, price_cents: 18_999, position: 9 });

    const retired = await call("POST", "/api/admin/bundle-retirement.php", { id, retired: true });
    expect(retired.body.bundle.retired_at).toBeTruthy();
    expect((await offer()).map((b) => b.id)).not.toContain(id);
    const listed = adminBundlesResponseSchema.parse((await call("GET", "/api/admin/bundles.php")).body).bundles;
    expect(listed.find((b) => b.id === id)?.retired_at).toBeTruthy();
    await call("POST", "/api/admin/bundle-retirement.php", { id, retired: false });
    expect((await offer()).map((b) => b.id)).toContain(id);

    expect((await audit("bundle.add")).length).toBe(1);
    expect(JSON.parse((await audit("bundle.update"))[0]!.before_json!)).toEqual({
      credits: 5000,
      price_cents: 19_999,
      position: 4,
    });
    expect((await audit("bundle.retire")).length).toBe(1);
  });

  test("a bundle with payments can be retired (never deleted), and its payments count is shown", async () => {
    const { site, member, call } = await siteWithAdmin();
    const [bundle] = adminBundlesResponseSchema.parse((await call("GET", "/api/admin/bundles.php")).body).bundles;
    await paidPayment({
      site_id: site.id,
      user_id: member.id,
      bundle_id: bundle!.id,
      credits: bundle!.credits,
      amount_cents: bundle!.price_cents,
      original_amount_cents: bundle!.price_cents,
      currency: bundle!.currency,
      method: "ideal",
      provider: "sandbox",
      provider_payment_id: null,
      checkout_url: null,
      status: "paid",
      discount_code_id: null,
      discount_claim: null,
      idempotency_key: "k-bundle",
      request_hash: null,
      created_at: nowIso(),
      updated_at: nowIso(),
      paid_at: nowIso(),
    });
    expect((await call("POST", "/api/admin/bundle-retirement.php", { id: bundle!.id, retired: true })).status).toBe(
      200,
    );
    const listed = adminBundlesResponseSchema.parse((await call("GET", "/api/admin/bundles.php")).body).bundles;
    expect(listed.find((b) => b.id === bundle!.id)).toMatchObject({ payments: 1 });
    expect(await api.db.selectFrom("payments").select("id").where("bundle_id", "=", bundle!.id).execute()).toHaveLength(
      1,
    );
  });

  test("bad bundles are refused at their fields; another site's bundle is not found", async () => {
    const { call } = await siteWithAdmin();
    const bad = await call("POST", "/api/admin/bundles.php", { currency: "eur", credits: 0, price_cents: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({
      currency: "admin.bundles.errors.currency",
      credits: "admin.bundles.errors.credits",
      price_cents: "admin.bundles.errors.price",
    });
    const other = await siteWithAdmin();
    const [theirs] = adminBundlesResponseSchema.parse((await other.call("GET", "/api/admin/bundles.php")).body).bundles;
    const foreign = await call("PUT", "/api/admin/bundles.php", {
      id: theirs!.id,
      credits: 1,
      price_cents: 1,
      position: 0,
    });
    expect(foreign.status).toBe(404);
  });
});

describe("discount codes", () => {
  const spring = {
    code: "spring20",
    value_percentage: 20,
    max_uses: 1,
    expires: null,
    country: null,
    currency: null,
    minimum_order_value: 0,
  };

  test("create, list with uses, see who used it, the limit of uses, and disable", async () => {
    const { site, member, call, audit } = await siteWithAdmin();
    const created = await call("POST", "/api/admin/discount-codes.php", spring);
    expect(created.status).toBe(200);
    expect(created.body.code).toMatchObject({ code: "SPRING20", value_percentage: 20, max_uses: 1, uses: 0 });
    const id = created.body.code.id as number;

    const offer = creditsResponseSchema.parse(
      (await api.call("/api/credits.php", { domain: site.domain, cookie: member.cookie })).body,
    );
    const check = (cookie: string) =>
      api.call(`/api/discountcode.php?code=spring20&bundle=${offer.bundles[0]!.id}&method=ideal`, {
        domain: site.domain,
        cookie,
      });
    expect((await check(member.cookie)).status).toBe(200);

    // Another site's member cannot use it.
    const elsewhere = await siteWithAdmin();
    const foreign = await api.call("/api/discountcode.php?code=SPRING20", {
      domain: elsewhere.site.domain,
      cookie: elsewhere.member.cookie,
    });
    expect(foreign.status).toBe(404);

    await paidPayment({
      site_id: site.id,
      user_id: member.id,
      bundle_id: offer.bundles[0]!.id,
      credits: 170,
      amount_cents: 799,
      original_amount_cents: 999,
      currency: "EUR",
      method: "ideal",
      provider: "sandbox",
      provider_payment_id: null,
      checkout_url: null,
      status: "paid",
      discount_code_id: id,
      discount_claim: id,
      idempotency_key: "k-spring",
      request_hash: null,
      created_at: nowIso(),
      updated_at: nowIso(),
      paid_at: nowIso(),
    });
    const listed = adminDiscountCodesResponseSchema.parse((await call("GET", "/api/admin/discount-codes.php")).body);
    expect(listed.codes).toEqual([expect.objectContaining({ id, uses: 1 })]);
    const uses = await call("GET", `/api/admin/discount-code.php?id=${id}`);
    expect(uses.body.payments).toEqual([
      expect.objectContaining({ member_id: member.id, email: member.email, status: "paid", amount_cents: 799 }),
    ]);

    // Its one use is taken: the next member is told it is used.
    const next = await loggedInMember(api, site.domain, { siteId: site.id, country: "NL" });
    expect((await check(next.cookie)).body.error).toBe("discount_used");

    const disabled = await call("POST", "/api/admin/discount-code-disable.php", { id });
    expect(disabled.body.code.disabled_at).toBeTruthy();
    expect((await check(member.cookie)).body.error).toBe("discount_not_found");
    expect((await audit("discount.create")).length).toBe(1);
    expect((await audit("discount.disable")).length).toBe(1);
  });

  test("bad codes are refused at their fields; a name is taken once per site, also when made twice at once", async () => {
    const { call, audit } = await siteWithAdmin();
    const bad = await call("POST", "/api/admin/discount-codes.php", {
      ...spring,
      code: "no spaces",
      value_percentage: 120,
      expires: "tomorrow",
    });
    expect(bad.body.data.fields).toEqual({
      code: "admin.discounts.errors.code",
      value_percentage: "admin.discounts.errors.percentage",
      expires: "admin.discounts.errors.expires",
    });
    const both = await Promise.all([0, 1].map(() => call("POST", "/api/admin/discount-codes.php", spring)));
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(both.find((a) => a.status === 409)!.body).toMatchObject({
      error: "discount_code_taken",
      data: { fields: { code: "admin.discounts.errors.taken" } },
    });
    expect((await audit("discount.create")).length).toBe(1);
  });
  test("a limit of one use: two payments made with the code and paid at once, one gets the discount", async () => {
    const { site, call } = await siteWithAdmin();
    expect((await call("POST", "/api/admin/discount-codes.php", { ...spring, code: "ONCE-ONLY" })).status).toBe(200);
    const buyers = await Promise.all(
      [0, 1].map(() => loggedInMember(api, site.domain, { siteId: site.id, country: "NL" })),
    );
    // Past the time bonus, which would otherwise be their discount.
    await api.db
      .updateTable("users")
      .set({ signup_date: new Date(Date.now() - 86_400_000).toISOString() })
      .where(
        "id",
        "in",
        buyers.map((b) => b.id),
      )
      .execute();
    const [bundle] = creditsResponseSchema.parse(
      (await api.call("/api/credits.php", { domain: site.domain, cookie: buyers[0]!.cookie })).body,
    ).bundles;
    const payments = [];
    for (const [i, buyer] of buyers.entries()) {
      const made = await api.call("/api/payment.php", {
        method: "POST",
        domain: site.domain,
        cookie: buyer.cookie,
        body: { bundle: bundle!.id, method: "ideal", discountcode: "ONCE-ONLY" },
        headers: { "idempotency-key": `once-${i}-${Date.now()}` },
      });
      expect(made.status).toBe(200);
      payments.push({ buyer, payment: paymentResponseSchema.parse(made.body).payment });
    }
    expect(payments.map((p) => p.payment.price.cents)).toEqual([799, 799]);
    await Promise.all(
      payments.map(({ buyer, payment }) =>
        fetch(`${api.url}/api/sandbox-checkout.php`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-host": site.domain,
            cookie: buyer.cookie,
          },
          body: new URLSearchParams({ id: new URL(payment.checkout_url!).searchParams.get("id")!, outcome: "paid" }),
          redirect: "manual",
        }),
      ),
    );
    const rows = await api.db
      .selectFrom("payments")
      .select(["status", "credits"])
      .where(
        "id",
        "in",
        payments.map((p) => p.payment.id),
      )
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid"]);
    // One was paid with the code's one use; the other gets what its money buys at the bundle's full price.
    expect(rows.map((r) => r.credits).sort((a, b) => a - b)).toEqual([Math.floor((170 * 799) / 999), 170]);
    expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
  });
});
