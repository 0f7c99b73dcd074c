import { type Request, type RequestHandler, type Response, Router } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import { type ContractEndpoint, type Endpoint, endpoints } from "../../contract/endpoints";
import type { SessionMember } from "../accounts/accounts.service";
import type { SiteRow } from "../db/schema";
import type { ApiRequest, ApiResponse } from "./api-request";
import type { SessionCookie } from "./cookies";
import { type ApiLocals, locals, requireMember } from "./locals";
import { requireStaff } from "./staff-guard";
import { parseWith } from "./validate";

export type Method = ContractEndpoint["method"];
/** The contract's paths for a method, `/api/…` as the OpenAPI document lists them. */
export type ContractPath<M extends Method> = Extract<ContractEndpoint, { method: M }>["path"];
type EntryFor<M extends Method, P extends string> = Extract<ContractEndpoint, { method: M; path: P }>;
type KeyOf<E> = E extends ContractEndpoint ? `${E["method"]} ${E["path"]}` : never;
/** One endpoint as "method /api/path". */
export type EndpointKey = KeyOf<ContractEndpoint>;

type Parsed<E, K extends "body" | "query"> = E extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a handler is given: the request, its parsed body and query, and what the API's middleware learnt. */
export interface HandlerContext<E = ContractEndpoint> {
  req: ApiRequest;
  res: ApiResponse;
  /** The parsed JSON body, or an upload's raw bytes. */
  body: E extends { upload: true } ? Buffer : Parsed<E, "body">;
  query: Parsed<E, "query">;
  /** Never null where the contract says `member: true`. */
  member: E extends { member: true } ? SessionMember : SessionMember | null;
  site: SiteRow;
  log: Logger;
  /** The session token the browser presented, valid or not. */
  sessionToken: string | undefined;
  sessionCookie: SessionCookie;
}

/** A handler returns the answer, which goes out as JSON (status 200 unless it set another). */
export type Handler<E> = (context: HandlerContext<E>) => Promise<ResponseOf<E>> | ResponseOf<E>;
type ResponseOf<E> = E extends { response: infer S extends z.ZodType } ? z.input<S> : never;

/**
 * An endpoint the web tier may call in this process without HTTP (api/http/in-process.ts): one with no middleware of
 * its own that answers JSON. `run` is the very function its Express route runs, after the API's middleware.
 */
export interface DirectEndpoint {
  method: Method;
  /** The contract's path, with its fixed query where it has one (`/api/user.php?push=1`). */
  path: string;
  run(facts: ApiLocals, http: { req: ApiRequest; res: ApiResponse }, body: unknown, query: object): Promise<unknown>;
}

/** Endpoints registered on one router, mounted by createApi. */
export interface ContractRoutes {
  readonly router: Router;
  /** The paths its routes answer, under /api (`/user.php`). */
  readonly paths: readonly string[];
  readonly registered: readonly EndpointKey[];
  readonly direct: readonly DirectEndpoint[];
  /**
   * Mounts a contract endpoint: `register("post", "/api/user.php", ...middleware, handler)`. Before the handler it
   * asks for a member when the contract says so (403 authentication_required), then parses the body and the
   * query with the contract's schemas (400 validation_failed naming the fields).
   */
  register<M extends Method, P extends ContractPath<M>>(
    method: M,
    path: P,
    ...stack: [...middleware: RequestHandler[], handler: Handler<EntryFor<M, P>>]
  ): void;
}

export function contractRoutes(): ContractRoutes {
  const router = Router();
  const paths: string[] = [];
  const registered: EndpointKey[] = [];
  const directs: DirectEndpoint[] = [];
  return {
    router,
    paths,
    registered,
    direct: directs,
    register(method, path, ...stack) {
      const entry = (endpoints as readonly ContractEndpoint[]).find((e) => e.method === method && e.path === path);
      if (!entry) throw new Error(`${method.toUpperCase()} ${path} is not in contract/endpoints.ts`);
      const middleware = stack.slice(0, -1) as RequestHandler[];
      const handler = stack.at(-1) as Handler<ContractEndpoint>;
      const run: DirectEndpoint["run"] = (facts, { req, res }, body, query) => {
        if ("staff" in entry && entry.staff) requireStaff(entry.staff, facts);
        const context = {
          req,
          res,
          member: "member" in entry && entry.member ? requireMember(facts) : facts.member,
          // A request without a JSON body (a beacon) reads as {}: the schema then names what is missing. An upload's
          // body is its raw bytes.
          body: "body" in entry ? parseWith(entry.body, body ?? {}) : "upload" in entry ? body : undefined,
          // The site middleware already answered ?domain= (else the host): a schema naming it sees the site's.
          query: "query" in entry ? parseWith(entry.query, { domain: facts.site.domain, ...query }) : undefined,
          site: facts.site,
          log: facts.log,
          sessionToken: facts.sessionToken,
          sessionCookie: facts.sessionCookie,
        } as HandlerContext<ContractEndpoint>;
        return Promise.resolve(handler(context));
      };
      const serve = async (req: Request, res: Response) => {
        const answer = await run(locals(res), { req, res }, req.body, req.query);
        // An image or CSV endpoint has sent its bytes itself.
        if (res.headersSent) return;
        if (method === "get") res.json(answer);
        else sendWriteAnswer(res, answer);
      };
      const direct = middleware.length === 0 && !("upload" in entry) && !("image" in entry) && !("csv" in entry);
      for (const served of "alias" in entry ? [path, entry.alias] : [path]) {
        const [routePath = served] = served.split("?");
        paths.push(routePath.slice("/api".length));
        router[method](routePath.slice("/api".length), queryGuard(method, served), ...middleware, serve);
        if (direct) directs.push({ method, path: served, run });
      }
      registered.push(`${method} ${path}` as EndpointKey);
    },
  };
}

/**
 * The JSON answer to a POST, PUT or DELETE as res.json sends it, without the ETag Express would hash for it: no
 * client asks again for a write's answer with If-None-Match (docs/architecture.md "Durable commits").
 */
export function sendWriteAnswer(res: Response, answer: unknown) {
  // (JSON.stringify gives undefined for undefined: an empty body, as res.json sends it.)
  const body = JSON.stringify(answer) ?? "";
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/**
 * The features' routers as one middleware: a request goes only to the routers with a route for its path, in their
 * order, instead of through every router and route before them (a send walked some eighty). Paths are looked up as
 * Express matches them, in any case and with or without a trailing slash; the routers then match as they always do.
 */
export function dispatchByPath(routes: readonly ContractRoutes[]): RequestHandler {
  const routersByPath = new Map<string, Router[]>();
  for (const { router, paths } of routes)
    for (const path of paths) {
      const routers = routersByPath.get(path.toLowerCase()) ?? [];
      if (!routers.includes(router)) routers.push(router);
      routersByPath.set(path.toLowerCase(), routers);
    }
  return (req, res, next) => {
    const routers = routersByPath.get(req.path.toLowerCase().replace(/\/+$/, "")) ?? [];
    const tryFrom = (index: number) => (error?: unknown) => {
      const router = routers[index];
      if (error || !router) next(error);
      else router(req, res, tryFrom(index + 1));
    };
    tryFrom(0)();
  };
}

/**
 * docs/product.md §7 gives some endpoints a fixed query, such as `POST /api/user.php?push=1` (the alias of
 * `POST /api/push-subscription.php`) beside the login at `POST /api/user.php`: each answers only requests with (or,
 * for the plain one, without) its query.
 */
function queryGuard(method: Method, path: string): RequestHandler {
  const fixedQuery = (p: string) => [...new URLSearchParams(p.split("?")[1] ?? "")];
  const matches = (req: Request, p: string) => fixedQuery(p).every(([key, value]) => req.query[key] === value);
  const own = fixedQuery(path);
  const [base] = path.split("?");
  const siblings = (endpoints as readonly Endpoint[])
    .filter((e) => e.method === method)
    .flatMap((e) => [e.path, ...(e.alias ? [e.alias] : [])])
    .filter((p) => p !== path && p.startsWith(`${base}?`));
  if (own.length === 0 && siblings.length === 0) return (_req, _res, next) => next();
  return (req, _res, next) => {
    if (own.length > 0) return next(matches(req, path) ? undefined : "route");
    next(siblings.some((sibling) => matches(req, sibling)) ? "route" : undefined);
  };
}

export const endpointKey = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

/**
 * Throws unless every contract endpoint was registered exactly once, so the routes and the OpenAPI document
 * (both from contract/endpoints.ts) cannot drift apart. Checked once at start.
 */
export function assertContractServed(registered: readonly string[]) {
  const contract = endpoints.map(endpointKey);
  const missing = contract.filter((key) => !registered.includes(key));
  const twice = registered.filter((key, i) => registered.indexOf(key) !== i);
  const unknown = registered.filter((key) => !contract.includes(key));
  const problems = [
    missing.length && `not registered: ${missing.join(", ")}`,
    twice.length && `registered twice: ${twice.join(", ")}`,
    unknown.length && `not in the contract: ${unknown.join(", ")}`,
  ].filter(Boolean);
  if (problems.length)
    throw new Error(`The API does not serve contract/endpoints.ts as written; ${problems.join("; ")}`);
}
