import { type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { apiErrorSchema, type ErrorCode } from "../../contract/errors";
import type { InProcessAnswer } from "../../contract/in-process";
import { sessionCookieName } from "../../contract/session-cookie";
import { visitorCountry } from "../../contract/visitor-country";
import { staleAnswers } from "./api-stale.server";
import { webEnv } from "./env.server";
import { inProcessFetch } from "./in-process-api.server";
import { logger } from "./logger.server";
import { apiCallDuration, apiCalls } from "./metrics.server";
import { requestInfoContext } from "./request-context";

export interface CallContext {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export interface CallOptions<S extends z.ZodType> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | undefined>;
  body?: unknown;
  schema: S;
  /** Makes a POST safe to retry: the API answers a repeated key with the first answer (docs/architecture.md). */
  idempotencyKey?: string;
  /** A file sent as the raw body (an upload endpoint), instead of a JSON body. */
  file?: Uint8Array<ArrayBuffer>;
  /**
   * A call the web tier makes of its own accord while serving the page (counting a lander visit), not one the browser
   * asked for: the browser's cookies and its Sec-Fetch-Site, which speaks of its navigation here, are not sent.
   */
  ownCall?: boolean;
}

/** An answer of the API that is not a success: its status, code, English message and data. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "unknown",
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * The API gave no usable answer after the retries (a 5xx, a timeout or no connection). Thrown, it is a 503 page, since
 * it carries the shape of React Router's `data()`; a form action catches it to answer its form again with what was
 * typed and "errors.apiUnavailable" instead (app/services/api-unavailable.server.ts, docs/product.md §7.3).
 */
export class ApiUnavailable extends Error {
  readonly type = "DataWithResponseInit";
  readonly data = { code: "api_unavailable" };
  readonly init = { status: 503 };
  constructor(readonly path: string) {
    super(`API unavailable: ${path}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls the member API for the browser that made `request`: forwards its cookies, host, address and request id,
 * relays Set-Cookie back, retries safe calls with exponential delay (docs/product.md §7), and on a lost session logs the
 * member out (docs/product.md §8). The answer is checked against its contract schema.
 */
export async function callApi<S extends z.ZodType>(
  call: CallContext,
  path: string,
  options: CallOptions<S>,
): Promise<z.infer<S>> {
  // A read the browser asked for is answered from what the API told the same session a moment ago when the API is
  // unavailable, so that a form posted during an outage renders its page again with what was typed (docs/product.md
  // §7.3); every other call fails as before.
  const staleKey =
    (options.method ?? "GET") === "GET" && !options.ownCall
      ? staleAnswers.keyOf(call.request, path, options.query)
      : null;
  let answer: ApiAnswer;
  try {
    answer = await exchange(call, path, options);
  } catch (error) {
    const stale = error instanceof ApiUnavailable && staleKey ? staleAnswers.get(staleKey) : undefined;
    if (stale !== undefined) return options.schema.parse(stale);
    throw error;
  }
  const payload = await answer.payload();
  if (!answer.ok) throw failure(call, path, answer, payload);
  const parsed = options.schema.parse(payload);
  if (staleKey) staleAnswers.set(staleKey, payload);
  return parsed;
}

/** An image endpoint's answer (chat-photo.php): its bytes and type, or the API's error as an ApiCallError. */
export async function callApiForImage(
  call: CallContext,
  path: string,
  query: Record<string, string>,
): Promise<{ bytes: ArrayBuffer; type: string }> {
  const answer = await exchange(call, path, { query, schema: null as unknown as z.ZodType });
  if (!answer.ok) throw failure(call, path, answer, await answer.payload());
  return answer.image();
}

/** An answer of the API, whether it came over HTTP, injected, or as an object from the in-process path. */
interface ApiAnswer {
  status: number;
  ok: boolean;
  /** The JSON answer (null when there is none). */
  payload(): Promise<unknown>;
  image(): Promise<{ bytes: ArrayBuffer; type: string }>;
  setCookies: string[];
}

function answerOf(response: Response): ApiAnswer {
  return {
    status: response.status,
    ok: response.ok,
    payload: () => response.json().catch(() => null),
    image: async () => ({ bytes: await response.arrayBuffer(), type: response.headers.get("content-type") ?? "" }),
    setCookies: response.headers.getSetCookie(),
  };
}

function directAnswer({ status, payload, setCookies }: InProcessAnswer): ApiAnswer {
  return {
    status,
    ok: status >= 200 && status < 300,
    payload: () => Promise.resolve(payload),
    image: () => Promise.reject(new Error("an image is never answered in-process")),
    setCookies,
  };
}

/** Sends the call (with its retries) and relays Set-Cookie; a 5xx or no answer after the retries is a 503 page. */
async function exchange<S extends z.ZodType>(
  { request, context }: CallContext,
  path: string,
  options: CallOptions<S>,
): Promise<ApiAnswer> {
  const env = webEnv();
  const info = context.get(requestInfoContext);
  const method = options.method ?? "GET";
  const url = new URL(env.apiUrl + path);
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) url.searchParams.set(key, value);

  const incoming = new URL(request.url);
  const headers = new Headers({
    accept: "application/json",
    "x-forwarded-host": incoming.host,
    "x-forwarded-proto": incoming.protocol.replace(":", ""),
    "x-forwarded-for": info.clientIp,
    "x-request-id": info.requestId,
  });
  const cookie = options.ownCall ? null : request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const country = visitorCountry(request.headers.get("cf-ipcountry"), env.trustCfHeaders);
  if (country) headers.set("cf-ipcountry", country);
  // So that the API's GETs that change something (logout, seen marks) can tell a link from another site.
  const fetchSite = options.ownCall ? null : request.headers.get("sec-fetch-site");
  if (fetchSite) headers.set("sec-fetch-site", fetchSite);
  if (path === "/user.php") {
    headers.set("x-request-type", "client");
    // The login notes the device for the admin's member page (issue 33).
    const userAgent = request.headers.get("user-agent");
    if (userAgent) headers.set("user-agent", userAgent);
  }
  if (options.idempotencyKey) headers.set("idempotency-key", options.idempotencyKey);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (options.file) headers.set("content-type", "application/octet-stream");
  const wireBody = () => options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body));

  const api = env.apiIsExternal ? undefined : info.api;
  // In this process, the endpoints that answer JSON are called as functions with the body as an object; the rest are
  // injected into the API's router; with API_URL, HTTP.
  const send = async (): Promise<ApiAnswer> => {
    if (api && !options.file) {
      const query = Object.fromEntries(url.searchParams);
      const verb = method.toLowerCase() as Lowercase<typeof method>;
      info.apiLookups ??= new Map();
      const lookups = info.apiLookups;
      const direct = await api.direct({
        method: verb,
        path: url.pathname,
        query,
        headers,
        body: options.body,
        lookups,
      });
      if (direct) return directAnswer(direct);
    }
    const init = { method, headers, body: wireBody(), signal: AbortSignal.timeout(env.API_TIMEOUT_MS) };
    return answerOf(await (api ? inProcessFetch(api.handler)(url, init) : fetch(url, { ...init, redirect: "manual" })));
  };
  const endTimer = apiCallDuration.startTimer({ path });
  const retrySafe = method === "GET" || Boolean(options.idempotencyKey);
  const attempts = retrySafe ? env.API_RETRIES + 1 : 1;
  let response: ApiAnswer | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(env.API_RETRY_BASE_MS * 2 ** (attempt - 1));
    try {
      response = await send();
      if (response.status < 500 && response.status !== 429) break;
      lastError = new Error(`API answered ${response.status}`);
    } catch (error) {
      lastError = error;
      response = undefined;
    }
    logger.warn({ reqId: info.requestId, path, method, attempt, err: String(lastError) }, "API call failed");
  }

  endTimer();
  const outcome = !response || response.status >= 500 ? "unavailable" : response.ok ? "ok" : "refused";
  apiCalls.inc({ path, outcome });
  if (!response || response.status >= 500) {
    logger.error({ reqId: info.requestId, path, method, err: String(lastError) }, "API unavailable");
    throw new ApiUnavailable(path);
  }
  info.setCookies.push(...response.setCookies);
  return response;
}

/** The API's refusal as an ApiCallError; a lost session instead logs the member out and sends them to login. */
function failure({ request, context }: CallContext, path: string, response: ApiAnswer, payload: unknown) {
  const parsed = apiErrorSchema.safeParse(payload);
  const error = parsed.success
    ? new ApiCallError(response.status, parsed.data.error, parsed.data.message, parsed.data.data)
    : new ApiCallError(response.status, "unknown", `API answered ${response.status}`);
  if (error.code === "authentication_required" && path !== "/user.php")
    return logOutAndRedirect(request, context.get(requestInfoContext).setCookies);
  return error;
}

/** The member's session is gone: forget the auth cookie and send them to login, back here afterwards. */
function logOutAndRedirect(request: Request, setCookies: string[]) {
  setCookies.push(expiredSessionCookie());
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Forgets the auth cookie in the browser (the API owns it; its name and Secure follow NODE_ENV). */
export function expiredSessionCookie(): string {
  const { production } = webEnv();
  return `${sessionCookieName(production)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${production ? "; Secure" : ""}`;
}

/** Whether the browser sent an auth cookie at all: without one there is no member to ask the API about. */
export function hasSessionCookie(request: Request): boolean {
  const name = sessionCookieName(webEnv().production);
  return (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .some((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
}
