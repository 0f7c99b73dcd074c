import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { moveCredits } from "../../api/credits/ledger";
import { type Db, nowIso, openDatabase } from "../../api/db/database";
import { demoLogins } from "../../api/db/seed/seed";
import { siteSettingsChanged } from "../../api/settings/settings-changes";
import {
  ensureBuild,
  freePort,
  logIn,
  openEventStream,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntil,
} from "./support/server-process";

/*
 * Two server processes on one PostgreSQL database (docs/operations.md "Several processes"), as an operator scaling out
 * runs them: started together on an empty database, then a session, chat events, a settings change and a lost LISTEN
 * connection, each checked across the two.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("two server processes on one PostgreSQL", () => {
  const databaseUrl = (() => {
    if (!baseUrl) return "";
    const url = new URL(baseUrl);
    url.pathname = `${url.pathname.slice(1)}_processes`;
    return url.toString();
  })();
  let admin: pg.Client;
  let db: Db;
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDirs: string[] = [];
  const metricsToken = "two-processes-metrics-token-0123456789";
  const loginLimit = 20;

  beforeAll(async () => {
    ensureBuild();
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const name = new URL(databaseUrl).pathname.slice(1);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const start = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-processes-"));
      dataDirs.push(dataDir);
      return startServerProcess({
        port: await freePort(),
        env: {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          // Counted below: the notification job's runs (every second here) and the login limit in total.
          NOTIFY_EVERY_SECONDS: "1",
          METRICS_TOKEN: metricsToken,
          LOGIN_RATE_PER_IP: String(loginLimit),
        },
      });
    };
    // Started together on the empty database: both migrate and want the demo; one seeds it, the other waits.
    [a, b] = await Promise.all([start(), start()]);
    await Promise.all([a.waitReady(), b.waitReady()]);
    db = openDatabase(databaseUrl);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await db?.destroy();
    await admin?.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("both started together on an empty database: the demo is seeded once, and whole", async () => {
    const seeded = [...a.lines, ...b.lines].filter((line) => line.includes("demo site seeded"));
    expect(seeded).toHaveLength(1);
    const { sites } = await db
      .selectFrom("sites")
      .select((e) => e.fn.countAll<number>().as("sites"))
      .executeTakeFirstOrThrow();
    expect(Number(sites)).toBe(1);
    const logins = await db
      .selectFrom("users")
      .select("email")
      .where(
        "email",
        "in",
        Object.values(demoLogins).map((l) => l.email),
      )
      .execute();
    expect(logins).toHaveLength(3);
  });

  test("a session made on one process works on the other", async () => {
    const cookie = await logIn(a, demoLogins.free.email, demoLogins.free.password);
    const me = await fetch(`${b.url}/api/user.php`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(demoLogins.free.email);
  });

  describe("chat events across processes", () => {
    let lucas: string;
    let emma: string;
    let conversation: number;
    const send = async (text: string, via = a) => {
      const response = await fetch(`${via.url}/api/message.php`, {
        method: "POST",
        headers: { cookie: lucas, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ conversation, text }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { message: { id: number } }).message.id;
    };

    beforeAll(async () => {
      lucas = await logIn(a, demoLogins.premium.email, demoLogins.premium.password);
      // Enough credits for every message below, through the ledger as staff would give them.
      const { id: lucasId } = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", demoLogins.premium.email)
        .executeTakeFirstOrThrow();
      await db.transaction().execute((trx) =>
        moveCredits(trx, {
          userId: lucasId,
          amount: 1_000,
          kind: "adjustment",
          reference: "staff:two-processes test",
          idempotencyKey: "two-processes-credits",
          at: nowIso(),
        }),
      );
      emma = await logIn(b, demoLogins.free.email, demoLogins.free.password);
      const emmaId = (
        (await (await fetch(`${b.url}/api/user.php`, { headers: { cookie: emma } })).json()) as {
          user: { id: number };
        }
      ).user.id;
      const first = await fetch(`${a.url}/api/message.php`, {
        method: "POST",
        headers: { cookie: lucas, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ to: emmaId, text: "Hello from process A" }),
      });
      expect(first.status).toBe(200);
      conversation = ((await first.json()) as { conversation: number }).conversation;
    });

    test("a message sent on one reaches an event stream on the other in under a second", async () => {
      const stream = openEventStream(`${b.url}/chats/${conversation}/events`, emma);
      try {
        await waitUntil(() => stream.events.some((e) => e.event === "message"), "the first message caught up");
        const sentAt = Date.now();
        const id = await send("Are you there?");
        await waitUntil(() => stream.events.some((e) => e.id === String(id)), "the live message", 1_000);
        const arrived = stream.events.find((e) => e.id === String(id))?.at ?? 0;
        expect(arrived - sentAt).toBeLessThan(1_000);
      } finally {
        stream.close();
      }
    });

    test("sends in parallel to one conversation, through both processes: the stream gets every one", async () => {
      const stream = openEventStream(`${b.url}/chats/${conversation}/events`, emma);
      try {
        await waitUntil(() => stream.events.some((e) => e.event === "message"), "the stream open");
        // Before sends took the conversation's row lock, a lower id could commit after a higher one and the stream,
        // reading after the last id it sent, skipped it for good.
        const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => send(`together ${i}`, i % 2 ? b : a)));
        const missing = () => ids.filter((id) => !stream.events.some((e) => e.id === String(id)));
        await waitUntil(() => missing().length === 0, `messages ${missing().join(", ")}`, 5_000);
      } finally {
        stream.close();
      }
    });

    test("the LISTEN connections killed mid-burst: no message is lost, and the last one comes without a next one", async () => {
      const stream = openEventStream(`${b.url}/chats/${conversation}/events`, emma);
      try {
        await waitUntil(() => stream.events.some((e) => e.event === "message"), "the stream open");
        const ids: number[] = [];
        for (let i = 1; i <= 5; i++) ids.push(await send(`burst ${i}`));
        // The stream has read up to the fifth, so no read still running can pick the next one up by chance.
        await waitUntil(() => stream.events.some((e) => e.id === String(ids[4])), "the fifth message");
        const busErrors = () => b.lines.filter((l) => l.includes('"msg":"chat event bus"')).length;
        const errorsBefore = busErrors();
        const killed = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'",
          [new URL(databaseUrl).pathname.slice(1)],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
        // Sent once process B has noticed its LISTEN connection is gone (it tries again 0.5 s later): the NOTIFY
        // cannot reach B. It is the burst's last: no message follows it, so only the catch-up the reconnect starts
        // can bring it.
        await waitUntil(() => busErrors() > errorsBefore, "process B to notice the lost connection");
        ids.push(await send("burst 6"));
        const missing = () => ids.filter((id) => !stream.events.some((e) => e.id === String(id)));
        await waitUntil(() => missing().length === 0, `messages ${missing().join(", ")}`, 5_000);
        const seen = stream.events.filter((e) => e.event === "message").map((e) => e.id);
        expect(new Set(seen).size).toBe(seen.length);
      } finally {
        stream.close();
      }
    });
  });

  test("a settings change is seen by both processes, API and pages, within a second", async () => {
    const name = `Heartline ${crypto.randomInt(1_000_000)}`;
    // Both caches filled first, so that a stale answer would show.
    for (const server of [a, b]) await fetch(`${server.url}/`);
    const changedAt = Date.now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("sites").set({ name }).where("domain", "=", "localhost").execute();
      await siteSettingsChanged(trx);
    });
    for (const server of [a, b]) {
      await waitUntil(
        async () => {
          const settings = (await (await fetch(`${server.url}/api/settings.php?domain=localhost`)).json()) as {
            name: string;
          };
          const page = await (await fetch(`${server.url}/`)).text();
          return settings.name === name && page.includes(name);
        },
        `the new name on ${server.url}`,
        1_000,
      );
    }
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  test("both are ready: database writable, migrations applied, bus connected", async () => {
    for (const server of [a, b]) {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ready: true });
    }
    await sql`select 1`.execute(db);
  });
  test("each periodic job runs once per period, whichever process takes it", async () => {
    const runs = async () => {
      let total = 0;
      for (const server of [a, b]) {
        const text = await (
          await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
        ).text();
        for (const match of text.matchAll(/^job_runs_total\{job="notifications",outcome="ok"\} (\d+)/gm))
          total += Number(match[1]);
      }
      return total;
    };
    const before = await runs();
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const ran = (await runs()) - before;
    const periods = (Date.now() - startedAt) / 1_000;
    // Each process ticks every second: without the job's lease the two would run it about twice a period.
    expect(ran).toBeGreaterThanOrEqual(Math.floor(periods) - 2);
    expect(ran).toBeLessThanOrEqual(Math.ceil(periods) + 1);
  });

  // Last: it uses up this address's login attempts.
  test("the login limit holds in total, however the attempts are spread over the two", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 2 * loginLimit; i++) {
      const server = i % 2 ? b : a;
      const response = await fetch(`${server.url}/api/user.php`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: "not the password" }),
      });
      answers.push(response.status);
    }
    // The logins of the tests above counted too, so fewer than the limit get through; each process alone would let
    // the limit through.
    expect(answers.filter((status) => status !== 429).length).toBeLessThanOrEqual(loginLimit);
    expect(answers.slice(-loginLimit).every((status) => status === 429)).toBe(true);
  });
});
