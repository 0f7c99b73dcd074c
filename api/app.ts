import path from "node:path";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import type { DirectCaller } from "../contract/in-process";
import { openApiDocument } from "../contract/openapi";
import { accountsRoutes } from "./accounts/accounts.routes";
import { markSeen, memberForToken } from "./accounts/accounts.service";
import { lifecycleRoutes } from "./accounts/lifecycle.routes";
import { fileStoragesFor } from "./adapters/file-storages";
import { isSandbox, paymentProviderFor } from "./adapters/payments/choose";
import { type SmsSender, smsGateway, smsOutbox } from "./adapters/sms";
import { adminRoutes } from "./admin/admin.routes";
import { adminMembersRoutes } from "./admin-members/admin-members.routes";
import { withMailLog } from "./admin-members/member-history";
import { adminPaymentsRoutes } from "./admin-payments/admin-payments.routes";
import { adminSettingsRoutes } from "./admin-settings/admin-settings.routes";
import { auditRoutes } from "./audit/audit.routes";
import { chatRoutes } from "./chat/chat.routes";
import type { Db } from "./db/database";
import { apiDocsRoutes } from "./docs/api-docs.routes";
import type { ApiEnv } from "./env.server";
import { ApiError } from "./errors";
import { inProcessBus } from "./events/event-bus";
import { geocodeRoutes } from "./geocode/geocode.routes";
import { apiSecurityHeaders } from "./http/api-headers";
import { type SessionCookie, sessionCookieFor, sessionTokenOf } from "./http/cookies";
import { refuseInvalidHost } from "./http/host";
import { directCaller, internalError } from "./http/in-process";
import { type LeanPosts, leanPosts } from "./http/lean-front";
import { type ApiLocals, locals, requestIdOf } from "./http/locals";
import { isLoopback } from "./http/loopback";
import { refuseForeignOrigin } from "./http/origin";
import { passwordRateLimit } from "./http/rate-limit";
import { assertContractServed, type ContractRoutes, dispatchByPath } from "./http/register";
import { diskFullAnswer, isDiskFull, reportDiskFull } from "./http/storage-faults";
import { landersRoutes } from "./landers/landers.routes";
import { rateLimitStores } from "./limits/rate-limit-stores";
import { membersRoutes } from "./members/members.routes";
import { nicheLandersRoutes } from "./niche-landers/niche-landers.routes";
import { notificationsRoutes } from "./notifications/notifications.routes";
import { offersRoutes } from "./offers/offers.routes";
import { paymentsRoutes } from "./payments/payments.routes";
import { sandboxCheckoutRoutes } from "./payments/sandbox-checkout.routes";
import { photosRoutes } from "./photos/photos.routes";
import { profileRoutes } from "./profile/profile.routes";
import { reportsRoutes } from "./reports/reports.routes";
import type { ApiDeps, RouteDeps } from "./route-deps";
import { seoRoutes } from "./seo/seo.routes";
import { settingsRoutes } from "./settings/settings.routes";
import { siteForDomain } from "./settings/settings.service";
import { type SettingsVersionCheck, settingsVersionCheck } from "./settings/settings-changes";
import { signupRoutes } from "./signup/signup.routes";
import { staffRoutes } from "./staff/staff.routes";

/** Texts go to the gateway the environment names, else to the outbox beside the mail's. */
function smsSenderFor(env: ApiEnv): SmsSender {
  if (!env.SMS_GATEWAY_URL) return smsOutbox(path.join(env.DATA_DIR, "outbox", "sms"));
  return smsGateway({ url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN });
}

/** The routers of every contract endpoint (contract/endpoints.ts), each registered through api/http/register.ts. */
export function apiRoutes(deps: ApiDeps): ContractRoutes[] {
  const files = fileStoragesFor(deps.env);
  const storeFor = deps.rateLimitStore ?? rateLimitStores(deps.db, deps.env, deps.logger);
  const routeDeps: RouteDeps = {
    ...deps,
    // Every mail is noted for the admin's member page (issue 33).
    mailer: withMailLog(deps.mailer, deps.db),
    payments: deps.payments ?? null,
    sms: deps.sms ?? smsSenderFor(deps.env),
    events: deps.events ?? inProcessBus(),
    storage: deps.storage ?? files.private,
    publicPhotos: deps.publicPhotos ?? files.publicPhotos,
    limits: { password: passwordRateLimit(deps.env, storeFor("password")), storeFor },
  };
  return [
    settingsRoutes,
    accountsRoutes,
    signupRoutes,
    membersRoutes,
    profileRoutes,
    photosRoutes,
    reportsRoutes,
    geocodeRoutes,
    lifecycleRoutes,
    paymentsRoutes,
    chatRoutes,
    notificationsRoutes,
    seoRoutes,
    landersRoutes,
    offersRoutes,
    nicheLandersRoutes,
    staffRoutes,
    adminRoutes,
    adminMembersRoutes,
    adminPaymentsRoutes,
    adminSettingsRoutes,
    auditRoutes,
  ].map((routes) => routes(routeDeps));
}

/** The member API: its Express router, and its endpoints as the web tier calls them in this process. */
export interface MemberApi {
  /** docs/product.md §7's /api/*.php contract, mounted at /api. */
  router: Router;
  direct: DirectCaller;
  /**
   * Its small JSON POSTs without Express's router and body-parser (api/http/lean-front.ts): `leanFront` puts them in
   * front of the app the router is mounted in, at /api.
   */
  lean: LeanPosts;
  /** This process's look at the site settings version (server.ts runs it every second; /api/health.php answers it). */
  settingsCheck: SettingsVersionCheck;
}

export function createApi(deps: ApiDeps): MemberApi {
  const { db, env, logger, mailer } = deps;
  const api = express.Router();
  api.use(apiSecurityHeaders());
  api.use(refuseInvalidHost);
  api.use(refuseForeignOrigin);
  api.use(express.json({ limit: "100kb" }));
  const sessionCookie = sessionCookieFor(env.NODE_ENV);
  const settingsCheck = settingsVersionCheck(db);

  // Not in the contract, so outside the check below: the document itself and its reference page, the web tier's
  // health probe and the development outbox are not part of the member API it describes.
  const openApi = openApiDocument({ sessionCookie: sessionCookie.name });
  api.get("/openapi.json", (_req, res) => void res.json(openApi));
  if (env.apiDocs) api.use(apiDocsRoutes());
  // Whether the database answers (the web tier's /healthz), and the site settings version (api/settings/settings-changes.ts):
  // a web tier with no database of its own polls it and drops its caches when it moved. Read through this process's
  // check, so the API's own caches are dropped before a web tier is told, and it refetches fresh settings.
  api.get("/health.php", async (_req, res) => {
    const { version } = await settingsCheck();
    res.json({ ok: true, settings_version: version });
  });

  // Which site a request is for (the domain the web tier forces, else the host the browser asked for) and who asks.
  const identify = requestIdentifier(db, logger, sessionCookie);
  const identifyRequest = async (req: Request, res: Response) => {
    const domain = typeof req.query.domain === "string" ? req.query.domain : req.hostname;
    const facts = await identify(domain, req.get("cookie"), requestIdOf(req));
    // What a session can see must never be kept by a shared cache or the browser's back-forward history.
    if (facts.sessionToken) res.set("Cache-Control", "no-store");
    Object.assign(res.locals, facts);
  };
  api.use(async (req, res, next) => {
    await identifyRequest(req, res);
    next();
  });

  const payments = deps.payments === undefined ? paymentProviderFor(env, db, logger) : deps.payments;
  const sms = deps.sms ?? smsSenderFor(env);
  const routes = apiRoutes({ ...deps, payments, sms });
  assertContractServed(routes.flatMap((r) => r.registered));
  api.use(dispatchByPath(routes));
  const direct = directCaller(
    routes.flatMap((r) => r.direct),
    identify,
    logger,
  );
  if (isSandbox(payments)) api.use(sandboxCheckoutRoutes(db, payments));
  if (env.outboxPage) {
    // What would have been mailed, reset links included: only with OUTBOX_PAGE=true, and only to this machine.
    api.get("/dev-outbox.php", async (req, res, next) => {
      if (!isLoopback(req.ip)) return next();
      res.json({ messages: await mailer.outbox(), sms: await sms.outbox() });
    });
  }

  api.use((_req, _res, next) => next(new ApiError(404, "not_found", "No such endpoint")));
  const answerError = (error: unknown, req: Request, res: Response) => {
    if (error instanceof ApiError) {
      res.status(error.status).json(error.body);
      return;
    }
    const bodyError = bodyParserError(error);
    if (bodyError) {
      res.status(bodyError.status).json({ error: bodyError.code, message: bodyError.message });
      return;
    }
    if (isDiskFull(error)) {
      reportDiskFull(logger);
      res.status(503).json(diskFullAnswer);
      return;
    }
    (locals(res).log ?? logger).error({ err: error, reqId: requestIdOf(req), path: req.path }, "API request failed");
    res.status(500).json(internalError);
  };
  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => answerError(error, req, res));
  const lean = leanPosts(
    routes.flatMap((r) => r.direct),
    identifyRequest,
    answerError,
  );
  return { router: api, direct, lean, settingsCheck };
}

/** The site a request is for and the member whose session cookie it carries (noted as seen), as ApiLocals. */
function requestIdentifier(db: Db, logger: Logger, sessionCookie: SessionCookie) {
  return async (domain: string, cookieHeader: string | undefined, requestId: string): Promise<ApiLocals> => {
    const site = await siteForDomain(db, domain);
    const sessionToken = sessionTokenOf(cookieHeader, sessionCookie);
    const member = sessionToken ? await memberForToken(db, site, sessionToken) : null;
    if (member) await markSeen(db, member);
    return { site, member, sessionToken, sessionCookie, log: logger.child({ reqId: requestId, site: site.id }) };
  };
}

/**
 * body-parser's refusals as the client's fault: too large 413, an unknown charset or encoding 415, else 400. A body
 * whose declared encoding (gzip, br, deflate) does not decode comes as the decoder's error, marked 400 with no type.
 */
function bodyParserError(error: unknown): ApiError | null {
  if (typeof error !== "object" || error === null) return null;
  if (!("type" in error) || typeof error.type !== "string") {
    const undecodable = "status" in error && error.status === 400;
    return undecodable ? new ApiError(400, "validation_failed", "The request body cannot be read") : null;
  }
  if (error.type === "entity.too.large") return new ApiError(413, "payload_too_large", "The request body is too large");
  if (error.type === "charset.unsupported" || error.type === "encoding.unsupported") {
    return new ApiError(415, "unsupported_media_type", "The request body's encoding is not supported");
  }
  if (error.type.startsWith("entity.") || error.type.startsWith("request.")) {
    return new ApiError(400, "validation_failed", "The request body is not valid JSON");
  }
  return null;
}
