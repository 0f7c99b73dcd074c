import crypto from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Mailer } from "../../api/adapters/mail";
import { type PaymentProvider, RefundRefused } from "../../api/adapters/payments/provider";
import { createApi } from "../../api/app";
import { type Db, nowIso, openDatabase } from "../../api/db/database";
import { parseApiEnv } from "../../api/env.server";
import { runIfLeased } from "../../api/jobs/schedule";
import { rateLimitStores } from "../../api/limits/rate-limit-stores";
import { sendDueNotifications } from "../../api/notifications/notifications.service";
import { ensurePushKeys } from "../../api/notifications/push.service";
import { checkPendingRefunds } from "../../api/payments/returns.service";
import { createMember, createSite } from "./support/factories";
import { noonInAmsterdam } from "./support/notification-clock";
import { cookieFrom, giveCredits } from "./support/test-api";
import { freshDatabase } from "./support/test-database";

/**
 * Several processes on one database (docs/operations.md "Several processes"): two API instances, each with its own
 * Express app and its own connection pool, on one database. On PostgreSQL (the api-pg project) this is what two
 * server processes share; on SQLite the same code runs on one file.
 */

const postgres = process.env.TEST_DB === "postgres";
const silent = pino({ level: "silent" });

/** Every mail sent, by any instance: what a test counts. */
const sentMails: { to: string; subject: string }[] = [];
const countingMailer: Mailer = {
  async send(message) {
    sentMails.push({ to: String(message.to), subject: String(message.subject) });
  },
  async outbox() {
    return [];
  },
};

interface Instance {
  db: Db;
  call(
    path: string,
    init?: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: any;
    headers: Headers;
  }>;
  close(): Promise<void>;
}

let base: Awaited<ReturnType<typeof freshDatabase>>;
let site: { id: number; domain: string };

/** An API instance as one server process runs it: its own pool on the shared database, its own app and port. */
async function instance(env: Record<string, string>, rateLimitStore?: ReturnType<typeof rateLimitStores>) {
  const db = openDatabase(base.url, () => undefined);
  const apiEnv = parseApiEnv({ DATA_DIR: base.dataDir, NODE_ENV: "test", ...env });
  const api = createApi({ db, env: apiEnv, logger: silent, mailer: countingMailer, rateLimitStore });
  const app = express();
  app.set("trust proxy", "loopback");
  app.use("/api", api.router);
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const one: Instance = {
    db,
    async call(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("x-forwarded-host", site.domain);
      if (init.cookie) headers.set("cookie", init.cookie);
      if (init.body !== undefined) headers.set("content-type", "application/json");
      const response = await fetch(url + path, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rateLimitStore?.close();
      await db.destroy();
    },
  };
  return one;
}

beforeAll(async () => {
  base = await freshDatabase();
  site = await createSite(base.db);
});
afterAll(() => base.drop());

/** Wrong passwords from one address, alternating between the instances: the answers' statuses. */
async function wrongLogins(instances: Instance[], count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await instances[i % instances.length]!.call("/api/user.php", {
      method: "POST",
      body: { email: `nobody-${i}@example.com`, password: "not the password" },
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe("rate limits hold in total across processes", () => {
  test.runIf(postgres)("on PostgreSQL: LOGIN_RATE_PER_IP attempts across two instances, then 429", async () => {
    const env = { LOGIN_RATE_PER_IP: "6" };
    const [a, b] = [await instance(env), await instance(env)];
    try {
      const statuses = await wrongLogins([a, b], 8);
      expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(6)).toEqual([429, 429]);
      // In parallel too: of 10 more at once from both, none gets through.
      const more = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).call("/api/user.php", { method: "POST", body: { email: "x@example.com", password: "x" } }),
        ),
      );
      expect(more.map((r) => r.status)).toEqual(Array(10).fill(429));
    } finally {
      await a.close();
      await b.close();
    }
  });

  test.runIf(postgres)("on PostgreSQL: parallel first attempts are counted exactly", async () => {
    const env = { LOGIN_RATE_PER_IP: "5", SIGNUPS_PER_HOUR: "5" };
    const [a, b] = [await instance(env), await instance(env)];
    try {
      // Invite checks have a limit of their own, so the counts above do not touch this one.
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).call("/api/invite.php?code=NOPE")),
      );
      expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test.runIf(process.env.TEST_REDIS_URL)("with REDIS_URL: the count is in Redis, across two instances", async () => {
    const env = { LOGIN_RATE_PER_IP: "4", REDIS_URL: process.env.TEST_REDIS_URL! };
    const prefix = `rl-test-${crypto.randomBytes(4).toString("hex")}:`;
    const stores = () => rateLimitStores(base.db, parseApiEnv(env), silent, { redisPrefix: prefix });
    const [a, b] = [await instance(env, stores()), await instance(env, stores())];
    try {
      const statuses = await wrongLogins([a, b], 6);
      expect(statuses.slice(0, 4).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(4)).toEqual([429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

test("each periodic job runs once per period when two schedulers tick at once", async () => {
  const [a, b] = [await instance({}), await instance({})];
  try {
    let runs = 0;
    const job = {
      name: `test-job-${crypto.randomBytes(4).toString("hex")}`,
      everyMs: 60_000,
      run: async () => {
        runs++;
      },
    };
    const start = Date.now();
    for (let period = 0; period < 3; period++) {
      const at = new Date(start + period * job.everyMs);
      const ticks = await Promise.all([a, b, a, b].map((one, i) => runIfLeased(one.db, job, `scheduler-${i}`, at)));
      expect(ticks.filter(Boolean)).toHaveLength(1);
      // A scheduler whose ticks fall later in the period finds the lease taken.
      expect(await runIfLeased(b.db, job, "late", new Date(at.getTime() + job.everyMs / 2))).toBe(false);
    }
    expect(runs).toBe(3);
  } finally {
    await a.close();
    await b.close();
  }
});

test("a burst of messages from two senders, mailed by two processes at once: one mail per sender", async () => {
  const [a, b] = [await instance({ LOGIN_RATE_PER_IP: "1000" }), await instance({ LOGIN_RATE_PER_IP: "1000" })];
  try {
    const logIn = async (name: string) => {
      const member = await createMember(base.db, site.id, { name, country: "NL" });
      const { headers } = await a.call("/api/user.php", {
        method: "POST",
        body: { email: member.email, password: member.password },
      });
      return { ...member, cookie: cookieFrom(headers)! };
    };
    const [lucas, mia, ben] = [await logIn("Lucas"), await logIn("Mia"), await logIn("Ben")];
    for (const sender of [lucas, mia]) {
      await giveCredits(base.db, sender.id, 50);
      for (let i = 0; i < 5; i++) {
        const sent = await (i % 2 ? a : b).call("/api/message.php", {
          method: "POST",
          cookie: sender.cookie,
          body: { to: ben.id, text: `Hello ${i}` },
          headers: { "idempotency-key": `burst-${sender.id}-${i}` },
        });
        expect(sent.body).toMatchObject({ message: { text: `Hello ${i}` } });
      }
    }
    const deps = (one: Instance) => ({ db: one.db, mailer: countingMailer, log: silent });
    // Both processes' workers, a few items at a time, so that their claims interleave.
    await Promise.all(
      [a, b, a, b].map((one) => sendDueNotifications(deps(one), noonInAmsterdam(), 2).then(() => undefined)),
    );
    for (let round = 0; round < 4; round++)
      await Promise.all([a, b].map((one) => sendDueNotifications(deps(one), noonInAmsterdam(), 3)));
    const toBen = sentMails.filter((mail) => mail.to === ben.email);
    expect(toBen).toHaveLength(2);
    expect(toBen.filter((mail) => mail.subject.includes("Lucas"))).toHaveLength(1);
    expect(toBen.filter((mail) => mail.subject.includes("Mia"))).toHaveLength(1);
    const outcomes = await base.db
      .selectFrom("notification_queue")
      .select("outcome")
      .where("user_id", "=", ben.id)
      .where("channel", "=", "mail")
      .execute();
    expect(outcomes.map((row) => row.outcome).sort()).toEqual([...Array(8).fill("batched"), "sent", "sent"]);
  } finally {
    await a.close();
    await b.close();
  }
});

/** A provider whose refund a test scripts; it counts the refunds asked and the lookups. */
function scriptedRefunds(refund: () => Promise<{ id: string }>, found: { id: string } | null) {
  const calls = { refunds: 0, lookups: 0 };
  const provider: PaymentProvider = {
    name: "mollie",
    createPayment: () => Promise.reject(new Error("not in this test")),
    getPayment: () => Promise.reject(new Error("not in this test")),
    async refund() {
      calls.refunds++;
      return refund();
    },
    async findRefund() {
      calls.lookups++;
      return found;
    },
  };
  return { provider, calls };
}

/** A paid purchase with a return left pending (its answer lost) three minutes ago; answers the refund's id. */
async function pendingReturn() {
  const buyer = await createMember(base.db, site.id);
  const bundle = await base.db
    .selectFrom("credit_bundles")
    .select("id")
    .where("site_id", "=", site.id)
    .executeTakeFirstOrThrow();
  const at = nowIso();
  const payment = await base.db
    .insertInto("payments")
    .values({
      site_id: site.id,
      user_id: buyer.id,
      bundle_id: bundle.id,
      credits: 100,
      amount_cents: 1000,
      original_amount_cents: 1000,
      currency: "EUR",
      method: "creditcard",
      provider: "mollie",
      provider_payment_id: `tr_${crypto.randomBytes(5).toString("hex")}`,
      checkout_url: null,
      status: "paid",
      discount_code_id: null,
      discount_claim: null,
      idempotency_key: crypto.randomUUID(),
      request_hash: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const before = new Date(Date.now() - 3 * 60_000).toISOString();
  const refund = await base.db
    .insertInto("refunds")
    .values({
      user_id: buyer.id,
      payment_id: payment.id,
      credits: 100,
      amount_cents: 1000,
      currency: "EUR",
      status: "pending",
      attempt: 1,
      provider_refund_id: null,
      idempotency_key: crypto.randomUUID(),
      created_at: before,
      updated_at: before,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const state = () =>
    base.db
      .selectFrom("refunds")
      .select(["status", "provider_refund_id"])
      .where("id", "=", refund.id)
      .executeTakeFirstOrThrow();
  const creditsBack = async () =>
    (
      await base.db
        .selectFrom("credit_ledger")
        .select("id")
        .where("user_id", "=", buyer.id)
        .where("reference", "=", `payment:${payment.id}`)
        .execute()
    ).length;
  return { state, creditsBack };
}

describe("pending refunds", () => {
  test("two refund jobs at once: one provider call", async () => {
    const [a, b] = [await instance({}), await instance({})];
    try {
      const refund = await pendingReturn();
      const slow = scriptedRefunds(() => new Promise((resolve) => setTimeout(() => resolve({ id: "re_1" }), 50)), null);
      await Promise.all(
        [a, b, a, b].map((one) => checkPendingRefunds({ db: one.db, provider: slow.provider }, silent)),
      );
      expect(slow.calls.refunds).toBe(1);
      expect(await refund.state()).toEqual({ status: "refunded", provider_refund_id: "re_1" });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("a 4xx that means 'refunded already' is looked up and never undoes the refund", async () => {
    const refund = await pendingReturn();
    const duplicate = scriptedRefunds(() => Promise.reject(new RefundRefused("refunded already")), { id: "re_2" });
    await checkPendingRefunds({ db: base.db, provider: duplicate.provider }, silent);
    expect(duplicate.calls).toEqual({ refunds: 1, lookups: 1 });
    expect(await refund.state()).toEqual({ status: "refunded", provider_refund_id: "re_2" });
    expect(await refund.creditsBack()).toBe(0);
  });

  test("an error whose outcome is unknown, with no refund at the provider, leaves it pending", async () => {
    const refund = await pendingReturn();
    const lost = scriptedRefunds(() => Promise.reject(new Error("connection reset")), null);
    await checkPendingRefunds({ db: base.db, provider: lost.provider }, silent);
    expect(await refund.state()).toEqual({ status: "pending", provider_refund_id: null });
    expect(await refund.creditsBack()).toBe(0);
  });

  test("a refusal the provider confirms (no refund under the key) gives the credits back", async () => {
    const refund = await pendingReturn();
    const refused = scriptedRefunds(() => Promise.reject(new RefundRefused("not refundable")), null);
    await checkPendingRefunds({ db: base.db, provider: refused.provider }, silent);
    expect(await refund.state()).toEqual({ status: "failed", provider_refund_id: null });
    expect(await refund.creditsBack()).toBe(1);
  });
});

test("VAPID keys: processes starting together all end with the one pair stored", async () => {
  const [a, b] = [await instance({}), await instance({})];
  try {
    const fresh = await createSite(base.db);
    await base.db
      .updateTable("sites")
      .set({ push_public_key: "", push_private_key: "" })
      .where("id", "=", fresh.id)
      .execute();
    const answers = await Promise.all([a, b, a, b, a, b].map((one) => ensurePushKeys(one.db, {})));
    const stored = await base.db
      .selectFrom("sites")
      .select(["push_public_key", "push_private_key"])
      .where("id", "=", fresh.id)
      .executeTakeFirstOrThrow();
    expect(stored.push_public_key).not.toBe("");
    expect(answers.map((keys) => keys.get(fresh.id))).toEqual(Array(6).fill(stored.push_public_key));
    // A later start keeps it.
    expect((await ensurePushKeys(b.db, {})).get(fresh.id)).toBe(stored.push_public_key);
  } finally {
    await a.close();
    await b.close();
  }
});
