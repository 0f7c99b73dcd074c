import type { Logger } from "pino";
import { type ContractEndpoint, endpoints } from "../../contract/endpoints";
import type { DirectCaller } from "../../contract/in-process";
import { ApiError } from "../errors";
import type { ApiRequest, ApiResponse } from "./api-request";
import type { ApiLocals } from "./locals";
import type { DirectEndpoint, Method } from "./register";
import { diskFullAnswer, isDiskFull, reportDiskFull } from "./storage-faults";

export const internalError = { error: "internal_error", message: "An error occured, please try again later." };

type Identify = (domain: string, cookieHeader: string | undefined, requestId: string) => Promise<ApiLocals>;

/**
 * The typed in-process path (docs/architecture.md "Request flow"): the endpoint the API's router would choose, run
 * with the same identification, member check, contract parsing and error shape, but with no request to build, no
 * router to walk and no JSON either way. Endpoints that need HTTP answer null: the caller injects those.
 */
export function directCaller(direct: readonly DirectEndpoint[], identify: Identify, logger: Logger): DirectCaller {
  const runs = new Map(direct.map((d) => [`${d.method} ${d.path}`, d.run]));
  const servedPath = routeChooser();
  return async ({ method, path, query, headers, body, lookups }) => {
    const run = runs.get(`${method} ${servedPath(method, path, query)}`);
    if (!run) return null;
    const { res, recorded } = answerRecorder();
    const get = (header: string) => headers.get(header) ?? undefined;
    const request: ApiRequest = { get, ip: get("x-forwarded-for"), secure: get("x-forwarded-proto") === "https" };
    const requestId = get("x-request-id") ?? "";
    let facts: ApiLocals | undefined;
    try {
      const host = (get("x-forwarded-host") ?? "").replace(/:\d+$/, "");
      facts = await identifyOnce(identify, lookups, method, query.domain ?? host, get("cookie"), requestId);
      const payload = await run(facts, { req: request, res }, body, query);
      return { status: recorded.status, payload, setCookies: recorded.setCookies };
    } catch (error) {
      if (error instanceof ApiError)
        return { status: error.status, payload: error.body, setCookies: recorded.setCookies };
      if (isDiskFull(error)) {
        reportDiskFull(logger);
        return { status: 503, payload: diskFullAnswer, setCookies: [] };
      }
      (facts?.log ?? logger).error({ err: error, reqId: requestId, path }, "API request failed");
      return { status: 500, payload: internalError, setCookies: [] };
    }
  };
}

/**
 * The site and member of a call, looked up once for a page request's reads: a read reuses what an earlier read of the
 * same request found for the same domain and cookie; any other call looks up afresh and forgets what was found, so
 * that a read after a change (a logout, a purchase) sees it. The store lives as long as the page request.
 */
function identifyOnce(
  identify: Identify,
  lookups: Map<string, unknown> | undefined,
  method: Method,
  domain: string,
  cookieHeader: string | undefined,
  requestId: string,
): Promise<ApiLocals> {
  if (!lookups) return identify(domain, cookieHeader, requestId);
  if (method !== "get") {
    lookups.clear();
    return identify(domain, cookieHeader, requestId);
  }
  const key = `identity ${domain} ${cookieHeader ?? ""}`;
  const found = lookups.get(key) as Promise<ApiLocals> | undefined;
  if (found) return found;
  const looking = identify(domain, cookieHeader, requestId);
  lookups.set(key, looking);
  return looking;
}

/**
 * The path the API's router would route to: one with a fixed query (`/api/user.php?push=1`, an endpoint's or its
 * alias's) when the query carries it, else the plain one (api/http/register.ts queryGuard). The fixed queries are
 * read once.
 */
function routeChooser() {
  const fixed = (endpoints as readonly ContractEndpoint[]).flatMap((e) =>
    ("alias" in e ? [e.path, e.alias] : [e.path])
      .filter((served) => served.includes("?"))
      .map((served) => {
        const [base, query] = served.split("?");
        return { key: `${e.method} ${base}`, served, pairs: [...new URLSearchParams(query)] };
      }),
  );
  return (method: Method, path: string, query: Record<string, string>): string =>
    fixed.find((f) => f.key === `${method} ${path}` && f.pairs.every(([key, value]) => query[key] === value))?.served ??
    path;
}

/** The part of a response a JSON handler may touch: its status and Set-Cookie. */
function answerRecorder() {
  const recorded = { status: 200, setCookies: [] as string[] };
  const res: ApiResponse = {
    status(code) {
      recorded.status = code;
    },
    set() {
      // Cache-Control and the like concern a browser; the web tier decides its own.
    },
    append(header, value) {
      if (header.toLowerCase() === "set-cookie") recorded.setCookies.push(value);
    },
    send() {
      throw new Error("an endpoint that sends raw bytes is served over HTTP, not in-process");
    },
    headersSent: false,
  };
  return { res, recorded };
}
