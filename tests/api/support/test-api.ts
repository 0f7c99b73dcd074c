import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import pino from "pino";
import { test } from "vitest";
import { createMailer, type Mailer } from "../../../api/adapters/mail";
import type { PaymentProvider } from "../../../api/adapters/payments/provider";
import type { FileStorage } from "../../../api/adapters/storage";
import { createApi } from "../../../api/app";
import { moveCredits } from "../../../api/credits/ledger";
import { type Db, nowIso } from "../../../api/db/database";
import { parseApiEnv } from "../../../api/env.server";
import type { EventBus } from "../../../api/events/event-bus";
import { leanFront } from "../../../api/http/lean-front";
import { clearSiteCache } from "../../../api/settings/settings.service";
import type { DirectCaller, InProcessRequest } from "../../../contract/in-process";
import { createMember, type MemberOptions } from "./factories";
import { freshDatabase } from "./test-database";

export interface TestApi {
  db: Db;
  /** What the API logged, one parsed JSON line each. */
  logs: Record<string, unknown>[];
  dataDir: string;
  url: string;
  mailer: Mailer;
  /** A request to the API as a browser on `domain` would make it; the answer's JSON is parsed. */
  call(path: string, init?: CallInit): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export interface CallInit {
  method?: string;
  body?: unknown;
  domain?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * The member API over HTTP on a free port, on a fresh database. Behind a trusted proxy on loopback by default, as
 * in production behind the web tier; `trustProxy: false` shows what a direct client's forwarded headers do.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  {
    trustProxy = true,
    payments,
    events,
    storage,
  }: {
    trustProxy?: boolean;
    payments?: PaymentProvider | null;
    /** The chat event bus, to subscribe to what the API publishes; by default the API's own in-process one. */
    events?: EventBus;
    /** Where chat photos go; by default DATA_DIR/private. */
    storage?: FileStorage;
  } = {},
): Promise<TestApi> {
  const { db, dataDir, drop } = await freshDatabase();
  clearSiteCache();
  const app = express();
  app.set("trust proxy", trustProxy ? "loopback" : false);
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const mailer = createMailer({ from: "test@localhost", outboxDir: path.join(dataDir, "outbox"), logger });
  const apiEnv = parseApiEnv({ DATA_DIR: dataDir, NODE_ENV: "test", ...env });
  const api = createApi({ db, env: apiEnv, logger, mailer, payments, events, storage });
  app.use("/api", api.router);
  // As server.ts serves it: the small JSON writes on the API's lean path (api/http/lean-front.ts), the rest by Express.
  const server = http.createServer(leanFront(app, [], api.lean)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    db,
    logs,
    dataDir,
    url,
    mailer,
    async call(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.domain) headers.set("x-forwarded-host", init.domain);
      if (init.cookie) headers.set("cookie", init.cookie);
      if (init.body !== undefined) headers.set("content-type", "application/json");
      if (inProcess) {
        const answer = await callInProcess(api.direct, path, init, headers);
        if (answer) return answer;
      }
      const response = await fetch(url + path, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await drop();
    },
  };
}

/**
 * `TEST_API_PATH=in-process` (the api-in-process project of vitest.config.ts): every call an endpoint answers in-process
 * goes the web tier's typed path (api/http/in-process.ts) instead of HTTP, so that both paths pass the same tests.
 */
const inProcess = process.env.TEST_API_PATH === "in-process";

/** A test of what only HTTP carries (response headers for browsers and caches): skipped on the in-process path. */
export const httpTest = inProcess ? test.skip : test;

async function callInProcess(direct: DirectCaller, path: string, init: CallInit, headers: Headers) {
  const url = new URL(path, "http://in-process");
  // As the web tier sends it: the browser's address, which HTTP here would take from the socket.
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", "127.0.0.1");
  const answer = await direct({
    method: (init.method ?? "GET").toLowerCase() as InProcessRequest["method"],
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: init.body,
  });
  if (!answer) return null;
  const answerHeaders = new Headers();
  for (const cookie of answer.setCookies) answerHeaders.append("set-cookie", cookie);
  // What the web tier gets is the object itself; tests compare it as they compare parsed JSON.
  return { status: answer.status, body: answer.payload as any, headers: answerHeaders };
}

/** The `name=value` part of a Set-Cookie header, to send back as a Cookie. */
export function cookieFrom(headers: Headers, name = "sid"): string | undefined {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${name}=`));
}

/** The token of the newest mailed link to `to` whose path starts with `path`. */
export async function mailedToken(api: TestApi, to: string, path: string): Promise<string> {
  const message = (await api.mailer.outbox()).find(
    (m) => m.to === to && m.links.some((l) => new URL(l).pathname === path),
  );
  const link = message?.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no mail to ${to} with a ${path} link`);
  const url = new URL(link);
  return url.searchParams.get("token") ?? url.searchParams.get("reactivate")!;
}

/** A new member of the site on `domain`, logged in: their row's fields, password and session cookie. */
export async function loggedInMember(target: TestApi, domain: string, options: MemberOptions & { siteId: number }) {
  const member = await createMember(target.db, options.siteId, options);
  const { headers } = await target.call("/api/user.php", {
    method: "POST",
    domain,
    body: { email: member.email, password: member.password },
  });
  return { ...member, cookie: cookieFrom(headers)! };
}

/** Credits for a test member, given through the ledger as a purchase would give them. */
export function giveCredits(db: Db, userId: number, credits: number) {
  return db.transaction().execute((trx) =>
    moveCredits(trx, {
      userId,
      amount: credits,
      kind: "adjustment",
      reference: null,
      idempotencyKey: `test-credits-${crypto.randomUUID()}`,
      at: nowIso(),
    }),
  );
}
