import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response } from "express";
import { ApiError } from "../errors";
import { apiSecurityHeaders } from "./api-headers";
import { refuseInvalidHost } from "./host";
import type { ApiLocals } from "./locals";
import { refuseForeignOrigin } from "./origin";
import { type DirectEndpoint, sendWriteAnswer } from "./register";

/** express.json's limit in createApi (100 kB as body-parser counts it): a larger body goes to Express for its 413. */
export const jsonBodyLimit = 100 * 1024;

/**
 * The API's small JSON writes without Express's router and body-parser (docs/architecture.md "Durable commits"): a
 * POST to an endpoint the web tier may call in-process (no middleware of its own, JSON in and out: a send, a like),
 * whose body body-parser would read as it is (application/json in UTF-8, a Content-Length within the limit, no
 * Content-Encoding, no query). It runs what the API's router runs for it, in its order and with its answers:
 * the security headers, the Host and Origin checks, the body read as body-parser reads it, the site and member,
 * the endpoint's own `run`, the error answers. Any other request is not taken and goes to Express unchanged.
 */
export interface LeanPosts {
  /** The endpoint that serves this request on the lean path, or undefined: then Express serves it. */
  endpointFor(req: IncomingMessage): LeanEndpoint | undefined;
  /** Serves a request `endpointFor` took; `req` and `res` are Express's (leanFront gives them its app's prototypes). */
  serve(req: Request, res: Response, endpoint: LeanEndpoint): Promise<void>;
  /** The API's answer to an error (ApiError, a full disk, else a logged 500). */
  answerError: AnswerError;
}

export interface LeanEndpoint {
  /** The route path as Express's router leaves it on the request for the metrics, under the API's mount point. */
  routePath: string;
  run: DirectEndpoint["run"];
}

type Identify = (req: Request, res: Response) => Promise<void>;
type AnswerError = (error: unknown, req: Request, res: Response) => void;

/** body-parser's JSON types, as express.json takes them here: application/json with no charset or UTF-8's. */
const jsonType = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;

export function leanPosts(direct: readonly DirectEndpoint[], identify: Identify, answerError: AnswerError): LeanPosts {
  const endpoints = new Map<string, LeanEndpoint>();
  for (const d of direct) {
    // An endpoint with a fixed query (`/api/user.php?push=1`) is told apart by its query: those go to Express.
    if (d.method !== "post" || d.path.includes("?")) continue;
    endpoints.set(d.path, { routePath: d.path.slice("/api".length), run: d.run });
  }
  const securityHeaders = apiSecurityHeaders();
  const noop = () => undefined;

  return {
    answerError,
    endpointFor(req) {
      if (req.method !== "POST") return undefined;
      // The path exactly as the contract writes it, with no query: the one route Express would choose too.
      const endpoint = req.url ? endpoints.get(req.url) : undefined;
      if (!endpoint) return undefined;
      const { headers } = req;
      if (headers["content-encoding"] !== undefined || headers["transfer-encoding"] !== undefined) return undefined;
      const length = headers["content-length"];
      if (!length || !/^\d{1,6}$/.test(length) || Number(length) > jsonBodyLimit) return undefined;
      return jsonType.test(headers["content-type"] ?? "") ? endpoint : undefined;
    },

    async serve(req, res, endpoint) {
      try {
        // The API router's first three, as there: headers (once per answer), then the Host and Origin checks.
        securityHeaders(req, res, noop);
        if (!passes(refuseInvalidHost, req, res) || !passes(refuseForeignOrigin, req, res)) return;
        req.body = await jsonBodyOf(req);
        await identify(req, res);
        const answer = await endpoint.run(res.locals as ApiLocals, { req, res }, req.body, req.query);
        if (!res.headersSent) sendWriteAnswer(res, answer);
      } catch (error) {
        // As Express's final handler does with an error after the answer began: the connection is cut.
        if (res.headersSent) return void req.socket.destroy();
        answerError(error, req, res);
      }
    },
  };
}

/**
 * Whether a middleware that checks synchronously let the request through; the error it passes on is thrown, for the
 * API's error answer. When it answered the request itself, false.
 */
function passes(check: RequestHandler, req: Request, res: Response): boolean {
  let passed = false;
  let refusal: unknown;
  check(req, res, (error?: unknown) => {
    if (error) refusal = error;
    else passed = true;
  });
  if (refusal) throw refusal;
  return passed;
}

/**
 * The body as body-parser's json() reads it for the requests taken: decoded as UTF-8 without a byte order mark,
 * `{}` when empty, else JSON whose first character is `{` or `[` (strict). A body that is not is a 400, as there.
 */
function jsonBodyOf(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fail = () => reject(new ApiError(400, "validation_failed", "The request body is not valid JSON"));
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("aborted", fail);
    req.on("error", fail);
    req.on("end", () => {
      const text = new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      if (text.length === 0) return resolve({});
      const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
      if (first !== "{" && first !== "[") return fail();
      try {
        resolve(JSON.parse(text));
      } catch {
        fail();
      }
    });
  });
}

/**
 * An HTTP request listener: the requests `lean` takes go through `before` (the app's own middleware in front of the
 * API, in its order) and then the lean path, with the prototypes and fields Express's app gives a request; all others
 * go to `app` as they came.
 */
export function leanFront(
  app: Express,
  before: readonly RequestHandler[],
  lean: LeanPosts,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (incoming, outgoing) => {
    const endpoint = lean.endpointFor(incoming);
    if (!endpoint) return void app(incoming, outgoing);
    // What Express's app.handle and router do before the first middleware.
    const req = incoming as Request;
    const res = outgoing as Response;
    if (app.enabled("x-powered-by")) res.setHeader("X-Powered-By", "Express");
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    req.res = res;
    res.req = req;
    res.locals = Object.create(null);
    req.originalUrl = req.url;
    req.baseUrl = "";
    req.params = {};
    let index = 0;
    // The middleware in front answers refusals itself and passes no error; were one to (or throw, or reject, which
    // Express's router would pass on), the API's error answer it gets.
    const next: NextFunction = (error?: unknown) => {
      if (error) return void lean.answerError(error, req, res);
      const handler = before[index++];
      if (handler) {
        try {
          const result: unknown = handler(req, res, next);
          if (result instanceof Promise) result.catch((rejection: unknown) => next(rejection ?? new Error("rejected")));
        } catch (thrown) {
          next(thrown);
        }
        return;
      }
      // As the API's router, mounted at /api, and its route leave them: the path under the mount point (the error
      // log's), and the route the request metrics read at the end.
      req.baseUrl = "/api";
      req.url = endpoint.routePath;
      req.route = { path: endpoint.routePath };
      void lean.serve(req, res, endpoint);
    };
    next();
  };
}
