import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { deleteDeadTokens } from "./api/accounts/account-tokens";
import { deleteEndedSessions } from "./api/accounts/accounts.service";
import { purgeDeletedAccounts } from "./api/accounts/lifecycle.service";
import { deleteStaleLoginFailures } from "./api/accounts/login-guard";
import { type FileStorages, fileStoragesFor } from "./api/adapters/file-storages";
import { createMailer } from "./api/adapters/mail";
import { paymentProviderFor } from "./api/adapters/payments/choose";
import { deleteOldMemberHistory, withMailLog } from "./api/admin-members/member-history";
import { createApi } from "./api/app";
import { type Db, openDatabase, refreshPlannerStatistics } from "./api/db/database";
import { migrateToLatest } from "./api/db/migrate";
import { seedDemoIfWanted } from "./api/db/seed/demo-wanted";
import { parseApiEnv } from "./api/env.server";
import { type EventBus, eventBusFor } from "./api/events/event-bus";
import { apiSecurityHeaders } from "./api/http/api-headers";
import { hasValidHost } from "./api/http/host";
import { type LeanPosts, leanFront } from "./api/http/lean-front";
import { isLoopback } from "./api/http/loopback";
import { refuseForeignOrigin } from "./api/http/origin";
import { describeStorage } from "./api/http/storage-faults";
import { schedule } from "./api/jobs/schedule";
import { deleteEndedLimitCounters } from "./api/limits/shared-limits";
import { createLogger } from "./api/logger";
import { watchDatabase } from "./api/metrics/metrics";
import { type NotificationDeps, sendDueNotifications } from "./api/notifications/notifications.service";
import { ensurePushKeys } from "./api/notifications/push.service";
import { checkUnsettledPayments, type PaymentDeps } from "./api/payments/payments.service";
import { checkPendingRefunds } from "./api/payments/returns.service";
import {
  dropSiteCaches,
  onSiteSettingsChanged,
  type SettingsVersionCheck,
  versionCheck,
  watchSettingsVersion,
} from "./api/settings/settings-changes";
import { parseWebEnv } from "./app/services/env.server";
import { type ApiHandler, type InProcessApi, inProcessFetch } from "./app/services/in-process-api.server";
import type { MemberStateAnswer } from "./app/services/member-state.server";
import { HOUR } from "./contract/durations";
import { apiSettingsPollMs, apiSettingsVersion } from "./server/api-settings-version";
import { builtAssets } from "./server/built-assets";
import { asRoutePath, countRequests, metricsEndpoint, pageRoutePatterns } from "./server/metrics";
import { guardPageRequests } from "./server/page-guards";
import { fetchHeadersOf, pageHandler } from "./server/page-handler";
import { pageSecurityHeaders } from "./server/page-headers";
import { servePublicPhotos } from "./server/public-photos";
import { readiness } from "./server/readiness";
import { gracefulStop } from "./server/shutdown";
import { startFailureLine } from "./server/start-errors";
import { visitorPageCache } from "./server/visitor-page-cache";

/** The server build's entry exports this process needs (app/entry.server.tsx). */
interface EntryExports {
  requestInfoContext: Parameters<RouterContextProvider["get"]>[0];
  warmUp(origin: string): Promise<void>;
  dropWebSiteCaches(): void;
  closeEventStreams(retryMs: number): number;
  visitorPageVariant(cookie: string | undefined, country: string | undefined): Promise<string | null>;
  memberState(request: globalThis.Request, context: RouterContextProvider): Promise<MemberStateAnswer | null>;
}

/**
 * One process serves everything (docs/architecture.md): the member API at /api unless API_URL names another, the photos,
 * the built assets, then React Router. `--dev` serves the app through Vite instead of the build.
 */
export async function startServer({ dev = false } = {}) {
  const web = parseWebEnv();
  const apiEnv = parseApiEnv();
  const log = createLogger("server", web.LOG_LEVEL);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", apiEnv.TRUST_PROXY);
  // Filled in once listening: counts running requests, and refuses new ones while the process stops.
  let stopper: ReturnType<typeof gracefulStop> | undefined;
  let pageRouteOf: ((pathname: string) => string | undefined) | undefined;
  // A visitor's kept page is answered here, before the rest (docs/operations.md "Visitor page cache"): it carries the
  // security headers of its first answer. Set once the build is loaded; never under --dev.
  let pageCache: ReturnType<typeof visitorPageCache> | undefined;
  const pageHeaders = pageSecurityHeaders(dev);
  const apiHeaders = apiSecurityHeaders();
  // An event stream is written a few bytes at a time and must reach the browser at once: never held for compressing.
  const compress = compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  });
  /** What every request goes through first, in order: the API's lean path runs the same (leanFront below). */
  const front: RequestHandler[] = [
    (req, res, next) => (stopper ? stopper.track(req, res, next) : next()),
    assignRequestId,
    logRequests(log),
    // The route React Router matched (noted in the request's context, see loadContext), else matched here.
    countRequests((pathname, res) => {
      const noted = (res.locals.requestInfo as { pageRoute?: string } | undefined)?.pageRoute;
      return noted === undefined ? pageRouteOf?.(pathname) : asRoutePath(noted);
    }),
    (req, res, next) => (pageCache ? pageCache.answerKept(req, res, next) : next()),
    // Security headers first, so that every answer has them: pages, API, static files, /healthz and errors. The
    // API's own (worked out once, no nonce: it serves no page) when this process serves it: one set per request.
    (req, res, next) => {
      if (!web.apiIsExternal && req.path.startsWith("/api/")) return apiHeaders(req, res, next);
      pageHeaders(req, res, next);
    },
    // No site and no page URL can come of a missing or malformed Host: a client error, before anything reads it.
    (req, res, next) => (hasValidHost(req) ? next() : void res.status(400).type("text/plain").send("Bad Request")),
    // The API's answers to writes (a send, a like) are a few hundred bytes of JSON, under compression's threshold:
    // they skip its wrapping of the response altogether.
    (req, res, next) => (req.method === "POST" && req.path.startsWith("/api/") ? next() : compress(req, res, next)),
    refuseForeignOrigin,
  ];
  for (const handler of front) app.use(handler);

  let db: Db | null = null;
  let lean: LeanPosts | undefined;
  let inProcess: InProcessApi | undefined;
  let events: EventBus | undefined;
  let apiSettingsCheck: SettingsVersionCheck | undefined;
  /** Stops the periodic jobs and the settings check when the process stops. */
  const schedules: (() => void)[] = [];
  if (!web.apiIsExternal) {
    describeStorage(storagePlace(apiEnv.databaseUrl, apiEnv.DATA_DIR));
    db = openDatabase(apiEnv.databaseUrl, (error) => log.warn({ err: error }, "database connection lost"));
    await migrateToLatest(db);
    watchDatabase(db);
    const files = fileStoragesFor(apiEnv);
    // The demo site's logins are published in the README: it exists only on localhost or with SEED_DEMO=true.
    const demo = await seedDemoIfWanted(db, {
      photos: files.publicPhotos,
      origin: `http://localhost:${web.PORT}`,
      siteDomain: web.SITE_DOMAIN,
      seedDemo: apiEnv.SEED_DEMO,
    });
    if (demo === "seeded") log.info("demo site seeded");
    if (demo === "repaired") log.warn("demo site repaired: an interrupted start had left it without all its members");
    if (demo === "half made, in use")
      log.warn("the demo site lacks some of its members but has been used since: it is left as it is");
    await ensurePushKeys(db, apiEnv);
    if (demo === "present but not wanted")
      log.warn("the demo site and its published logins are in this database: remove them before going live");
    const apiLogger = createLogger("api", apiEnv.LOG_LEVEL);
    const mailer = createMailer({
      smtpUrl: apiEnv.SMTP_URL,
      from: apiEnv.MAIL_FROM,
      outboxDir: path.join(apiEnv.DATA_DIR, "outbox"),
      logger: apiLogger,
    });
    const payments = paymentProviderFor(apiEnv, db, apiLogger);
    // On PostgreSQL, LISTEN/NOTIFY: every process behind a load balancer hears every message.
    // A settings change NOTIFYed by any process drops this one's caches at once (api/settings/settings-changes.ts).
    events = eventBusFor(apiEnv.databaseUrl, (error) => apiLogger.warn({ err: error }, "chat event bus"), {
      siteSettingsChanged: dropSiteCaches,
    });
    const api = createApi({
      db,
      env: apiEnv,
      logger: apiLogger,
      mailer,
      payments,
      events,
      storage: files.private,
      publicPhotos: files.publicPhotos,
    });
    app.use("/api", api.router);
    lean = api.lean;
    inProcess = { handler: inProcessApi(api.router), direct: api.direct };
    apiSettingsCheck = api.settingsCheck;
    schedules.push(scheduleCleanup(db, files, apiLogger));
    schedules.push(
      scheduleNotificationMails(
        { db, mailer: withMailLog(mailer, db), log: apiLogger, push: apiEnv },
        apiEnv.NOTIFY_EVERY_SECONDS,
      ),
    );
    if (payments)
      schedules.push(schedulePaymentChecks({ db, provider: payments }, apiEnv.PAYMENT_CHECK_SECONDS, apiLogger));
    // Published photos: from the disk, or from the bucket for a site whose cdn_prefix is still /uploads/photos.
    if (apiEnv.S3_URL) app.get("/uploads/photos/:file", servePublicPhotos(files.publicPhotos));
    else app.use("/uploads", express.static(path.join(apiEnv.DATA_DIR, "uploads"), { maxAge: "7d", index: false }));
  }

  // The API as pages reach it: in this process through its handler (HOST may name an address 127.0.0.1 is not),
  // else over HTTP at API_URL.
  const askApi = inProcess ? inProcessFetch(inProcess.handler) : (url: URL, init: RequestInit) => fetch(url, init);
  app.get("/healthz", async (_req, res) => {
    const api = await askApi(new URL(`${web.apiUrl}/health.php`), {
      method: "GET",
      headers: new Headers(),
      signal: AbortSignal.timeout(3000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    res.status(api ? 200 : 503).json({ web: true, api });
  });
  if (web.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(web.METRICS_TOKEN));
  // Whether this process can serve members now (docs/operations.md "Health"): a proxy sends traffic only while 200.
  app.get("/readyz", async (_req, res) => {
    if (stopper?.isStopping()) return void res.status(503).json({ ready: false, reason: "shutting down" });
    if (!db) return void res.json({ ready: true });
    const state = await readiness(db, events, apiEnv.DATA_DIR);
    res.status(state.ready ? 200 : 503).json(state);
  });

  let entry: () => Promise<EntryExports>;
  // The poll's first read (docs/product.md §7.3), before React Router: app/services/member-state.server.ts says why.
  app.get("/member-state", async (req, res) => {
    try {
      const exports = await entry();
      const context = loadContext(exports, inProcess, events)(req, res);
      (res.locals.requestInfo as { pageRoute?: string }).pageRoute = "member-state";
      const answer = await exports.memberState(fetchRequestOf(req), context);
      if (!answer) return void res.status(404).type("text/plain").send("Not Found");
      // Its length given, the compression middleware leaves these few bytes as they are (its threshold is 1 kB).
      res.set({
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(answer.body)),
        "Cache-Control": "private, no-store",
      });
      for (const cookie of answer.setCookies) res.append("Set-Cookie", cookie);
      res.end(answer.body);
    } catch (error) {
      // The API away or failing: the page keeps its counts and polls again later (app/hooks/use-polling.ts).
      log.error({ err: error }, "member state failed");
      res.status(503).type("text/plain").send("Service Unavailable");
    }
  });
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const ssr = vite.environments.ssr as import("vite").RunnableDevEnvironment;
    const load = () => ssr.runner.import("virtual:react-router/server-build") as Promise<ServerBuild>;
    app.use(vite.middlewares);
    app.use(guardPageRequests, async (req, res, next) => {
      const build = await load();
      pageHandler({
        build,
        getLoadContext: loadContext(build.entry.module as unknown as EntryExports, inProcess, events),
      })(req, res, next);
    });
    entry = async () => (await load()).entry.module as unknown as EntryExports;
  } else {
    const build = await loadBuild();
    pageRouteOf = pageRoutePatterns(build.routes);
    app.use(...builtAssets("build/client"));
    const exports = build.entry.module as unknown as EntryExports;
    // Visitors' pages from memory for PAGE_CACHE_SECONDS (docs/operations.md "Visitor page cache"); not under --dev.
    if (web.PAGE_CACHE_SECONDS > 0)
      pageCache = visitorPageCache({
        seconds: web.PAGE_CACHE_SECONDS,
        variantOf: (req) => exports.visitorPageVariant(req.get("cookie"), req.get("cf-ipcountry")),
        onSettingsChanged: onSiteSettingsChanged,
        varyOn: web.trustCfHeaders ? ["CF-IPCountry"] : [],
      });
    const keepRendered = pageCache?.keepRendered ?? ((_req: Request, _res: Response, next: NextFunction) => next());
    app.use(
      guardPageRequests,
      keepRendered,
      pageHandler({ build, getLoadContext: loadContext(exports, inProcess, events) }),
    );
    entry = async () => exports;
  }

  // A site's settings changed (here, in another server process or by `npm run site`): the web tier's caches go too.
  onSiteSettingsChanged(() => void entry().then((e) => e.dropWebSiteCaches()));
  // The catch-up for a settings change whose NOTIFY this process missed, and the only news of one on SQLite; a web
  // tier with no database asks its API for the version instead (docs/operations.md "A separate web tier").
  const settingsCheck = apiSettingsCheck ?? versionCheck(apiSettingsVersion(web.apiUrl));
  schedules.push(
    watchSettingsVersion(settingsCheck, {
      everyMs: db ? 1000 : apiSettingsPollMs,
      onError: (error, retryMs) => log.warn({ err: error, retryMs }, "site settings check failed"),
    }),
  );

  // The API's small JSON writes (a send, a like) go through `front` and then straight to their endpoint, without
  // Express's router and body parser; every other request to the app (docs/architecture.md "Durable commits").
  const server = http.createServer(lean ? leanFront(app, front, lean) : app);
  // A port that cannot be listened on fails the start, and runServer says why: no process left up that serves nothing.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(web.PORT, web.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  log.info({ mode: web.NODE_ENV }, `listening on http://localhost:${web.PORT}`);
  // Settings are fetched once when the server starts (docs/product.md §7), through the same client pages use.
  entry()
    .then((e) => e.warmUp(`http://${web.SITE_DOMAIN}:${web.PORT}`))
    .catch((error) => log.warn({ err: error }, "settings warm-up failed"));

  stopper = gracefulStop({
    server,
    graceMs: web.SHUTDOWN_GRACE_SECONDS * 1000,
    // Browsers reconnect after 1 to 3 s (spread, so that they do not all come at once), to a process still running.
    closeEventStreams: async () => (await entry()).closeEventStreams(1000 + Math.floor(Math.random() * 2000)),
    close: async () => {
      for (const stopSchedule of schedules) stopSchedule();
      await Promise.allSettled([events?.close(), db?.destroy()]);
    },
    log: (message, facts) => log.info(facts ?? {}, message),
  });
  const stop = stopper.stop;
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}

/**
 * The hourly clean-up, also at start: accounts whose 14 days of pending deletion have passed, ended sessions,
 * dead links, and login counters and shared limits' windows that can no longer block anyone. Like every periodic
 * job, it runs in whichever process takes its lease (api/jobs/schedule.ts): once per period however many serve.
 */
function scheduleCleanup(db: Db, files: FileStorages, log: ReturnType<typeof createLogger>) {
  const run = async () => {
    const purged = await purgeDeletedAccounts(db, { publicPhotos: files.publicPhotos, chatFiles: files.private });
    if (purged) log.info({ count: purged }, "deleted accounts purged");
    await deleteEndedSessions(db);
    await deleteDeadTokens(db);
    await deleteStaleLoginFailures(db);
    await deleteEndedLimitCounters(db);
    await deleteOldMemberHistory(db);
    await refreshPlannerStatistics(db);
  };
  const timer = schedule(db, { name: "clean-up", everyMs: HOUR, run }, log, { atStart: true });
  return () => clearInterval(timer);
}

/** Notification mails that are due go out every few seconds (NOTIFY_EVERY_SECONDS), off the request path. */
function scheduleNotificationMails(deps: NotificationDeps, seconds: number) {
  const run = async () => void (await sendDueNotifications(deps));
  const timer = schedule(deps.db, { name: "notifications", everyMs: seconds * 1000, run }, deps.log);
  return () => clearInterval(timer);
}

/**
 * Open payments and pending returns are asked about again now and then: a lost webhook must not lose a purchase,
 * nor a lost answer a refund.
 */
function schedulePaymentChecks(deps: PaymentDeps, seconds: number, log: ReturnType<typeof createLogger>) {
  const run = async () => {
    const changed = await checkUnsettledPayments(deps);
    if (changed) log.info({ count: changed }, "open payments settled by the scheduled check");
    const refunds = await checkPendingRefunds(deps, log);
    if (refunds) log.info({ count: refunds }, "pending returns asked again");
  };
  const timer = schedule(deps.db, { name: "payment-checks", everyMs: seconds * 1000, run }, log);
  return () => clearInterval(timer);
}

function loadContext(exports: EntryExports, api: InProcessApi | undefined, liveEvents: EventBus | undefined) {
  return (req: Request, res: Response) => {
    const info = {
      nonce: res.locals.cspNonce as string,
      requestId: (req as Request & { id: string }).id,
      clientIp: req.ip ?? "",
      setCookies: [],
      keepDocument: res.locals.keepDocument as ((html: Buffer) => void) | undefined,
      api,
      liveEvents,
    };
    // Read back by the request metrics when the answer is sent: the route pattern the root middleware noted in it.
    res.locals.requestInfo = info;
    return new RouterContextProvider(new Map([[exports.requestInfoContext, info]]));
  };
}

/** A Fetch API request for what Express received: its URL as the browser asked it (behind a trusted proxy too). */
function fetchRequestOf(req: Request): globalThis.Request {
  return new globalThis.Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, {
    headers: fetchHeadersOf(req),
  });
}

/**
 * The API as the web tier calls it in this process: its own small app, whose only caller is the web tier, so
 * the forwarded host, address and protocol it sends are believed.
 */
function inProcessApi(api: express.Router): ApiHandler {
  const app = express();
  app.disable("x-powered-by");
  // Injected requests come from 127.0.0.1 (light-my-request): their X-Forwarded-For is the browser's, set by api.server.ts.
  app.set("trust proxy", "loopback");
  // Only this process's web tier calls here: its request id is the page request's, so both tiers log the same.
  app.use(assignRequestId);
  app.use("/api", api);
  return (req, res) => {
    // Express swaps a request's and response's prototypes for its own; the injected ones' methods must stay.
    pinOwnMethods(req);
    pinOwnMethods(res);
    app(req as Request, res as Response);
  };
}

function pinOwnMethods(object: object) {
  const prototype = Object.getPrototypeOf(object) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    if (name !== "constructor" && typeof prototype[name] === "function")
      (object as Record<string, unknown>)[name] = prototype[name];
  }
}

/** The production build (`npm run build`; `npm start` builds it when it is missing or older than the sources). */
async function loadBuild(): Promise<ServerBuild> {
  const file = path.resolve("build/server/index.js");
  if (!fs.existsSync(file)) throw new Error("build/server/index.js is missing: run npm run build");
  return (await import(file)) as ServerBuild;
}

/** A request id that the web tier passes to the API and every log line carries. */
function assignRequestId(req: Request, res: Response, next: () => void) {
  const incoming = req.get("x-request-id");
  // The caller's own address, not X-Forwarded-For's: the web tier forwards the browser's address with its id.
  const id =
    incoming && /^[\w-]{1,64}$/.test(incoming) && isLoopback(req.socket.remoteAddress) ? incoming : crypto.randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader("X-Request-Id", id);
  next();
}

function logRequests(log: ReturnType<typeof createLogger>) {
  return (req: Request, res: Response, next: () => void) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      // Web tiers with API_URL ask /api/health.php twice a second each (server/api-settings-version.ts): at debug,
      // so that their polls do not drown the log; an answer that is not 200 is logged as every other request.
      // (originalUrl: by now a router mounted at /api may have left req.path without its mount point.)
      const path = req.originalUrl.split("?")[0];
      const poll = path === "/api/health.php" && res.statusCode === 200;
      const level = poll ? "debug" : "info";
      // The path only: query strings may carry tokens (activation and reset links).
      log[level](
        {
          reqId: (req as Request & { id: string }).id,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        "request",
      );
    });
    next();
  };
}

/** Where the data is, for the log line of a full disk: DATA_DIR, or the PostgreSQL host (never its password). */
function storagePlace(databaseUrl: string, dataDir: string): string {
  if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) return dataDir;
  const host = URL.canParse(databaseUrl) ? new URL(databaseUrl).host : "the database";
  return `${dataDir} or the database at ${host}`;
}

/**
 * Starts the server; a start that cannot go on for a known cause (a full disk, a read-only data folder, a database
 * that does not answer or refuses DATABASE_URL) prints one line that names it and exits with 1, without a stack
 * (docs/operations.md "When the start fails").
 */
export async function runServer(options: { dev?: boolean } = {}) {
  try {
    return await startServer(options);
  } catch (error) {
    const env = process.env;
    const databaseUrl = env.DATABASE_URL ?? "";
    const dataDir = databaseUrl.startsWith("file:")
      ? path.dirname(path.resolve(databaseUrl.slice("file:".length)))
      : path.resolve(env.DATA_DIR ?? "data");
    const line = startFailureLine(error, { dataDir, databaseUrl });
    if (!line) throw error;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runServer({ dev: process.argv.includes("--dev") });
}
