import express, { type NextFunction, type Request, type Response, type Router } from "express";
import helmet from "helmet";
import { sql } from "kysely";
import type { Logger } from "pino";
import { openApiDocument } from "../contract/openapi";
import { accountsRoutes } from "./accounts/accounts.routes";
import { markSeen, memberForToken } from "./accounts/accounts.service";
import type { Db } from "./db/database";
import type { ApiEnv } from "./env.server";
import { ApiError } from "./errors";
import { sessionTokenOf } from "./http/cookies";
import { locals, requestIdOf } from "./http/locals";
import { refuseForeignOrigin } from "./http/origin";
import { settingsRoutes } from "./settings/settings.routes";
import { signupRoutes } from "./signup/signup.routes";
import { membersRoutes } from "./members/members.routes";
import { lifecycleRoutes } from "./accounts/lifecycle.routes";
import type { Mailer } from "./adapters/mail";
import { siteForDomain } from "./settings/settings.service";

export interface ApiDeps {
  db: Db;
  env: ApiEnv;
  logger: Logger;
  mailer: Mailer;
}

/** The member API: SPEC §7's /api/*.php contract, mounted at /api. */
export function createApi({ db, env, logger, mailer }: ApiDeps): Router {
  const api = express.Router();
  api.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  api.use(refuseForeignOrigin);
  api.use(express.json({ limit: "100kb" }));

  const openApi = openApiDocument();
  api.get("/openapi.json", (_req, res) => void res.json(openApi));
  // Whether the database answers: read by the web tier's /healthz.
  api.get("/health.php", async (_req, res) => {
    await sql`select 1`.execute(db);
    res.json({ ok: true });
  });

  // Which site a request is for: the domain the web tier forces, else the host the browser asked for.
  api.use(async (req, res, next) => {
    const domain = typeof req.query.domain === "string" ? req.query.domain : req.hostname;
    const site = await siteForDomain(db, domain);
    const token = sessionTokenOf(req);
    const member = token ? await memberForToken(db, site, token) : null;
    if (member) await markSeen(db, member);
    Object.assign(res.locals, { site, member, log: logger.child({ reqId: requestIdOf(req), site: site.id }) });
    next();
  });

  api.use(settingsRoutes(db));
  api.use(accountsRoutes(db, env));
  api.use(signupRoutes(db, mailer, env.SIGNUPS_PER_HOUR));
  api.use(membersRoutes(db));
  api.use(lifecycleRoutes(db, mailer, env.MAILS_PER_HOUR));
  if (env.outboxPage) {
    // The dev outbox page lists what would have been mailed; it does not exist in production.
    api.get("/dev-outbox.php", async (_req, res) => void res.json({ messages: await mailer.outbox() }));
  }

  api.use((_req, _res, next) => next(new ApiError(404, "not_found", "No such endpoint")));
  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof ApiError) {
      res.status(error.status).json({ error: error.code, message: error.message, data: error.data });
      return;
    }
    if (isBodyParserError(error)) {
      res.status(400).json({ error: "validation_failed", message: "The request body is not valid JSON" });
      return;
    }
    (locals(res).log ?? logger).error({ err: error, reqId: requestIdOf(req), path: req.path }, "API request failed");
    res.status(500).json({ error: "internal_error", message: "An error occured, please try again later." });
  });
  return api;
}

function isBodyParserError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "type" in error && error.type === "entity.parse.failed";
}
