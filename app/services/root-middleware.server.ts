import type { MiddlewareFunction } from "react-router";
import { ApiCallError, hasSessionCookie } from "./api.server";
import { cookieOptions, trackingCookie } from "./cookies.server";
import { requestInfoContext } from "./request-context";
import { getSettings } from "./settings.server";

/**
 * Relays the API's Set-Cookie headers (the auth cookie is the API's) onto the page's response. A page that a
 * session may have shaped is never stored: not by a shared cache, not in the browser's history.
 */
export const relayApiCookies: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const { setCookies } = context.get(requestInfoContext);
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  if (hasSessionCookie(request) || setCookies.length) response.headers.set("Cache-Control", "no-store");
  return response;
};

/**
 * A form post whose body cannot be read is the sender's fault: 400 here, before an action would fail on it with
 * a 500. Size, method and content type were checked before React Router (server.ts).
 */
export const refuseUnreadableForm: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === "POST") {
    const readable = await request
      .clone()
      .formData()
      .then(
        () => true,
        () => false,
      );
    if (!readable)
      return new Response("Bad Request", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return next();
};

/**
 * Loads the site's settings before language detection, which reads domain_language from them. A host that no
 * site answers for gets a bare 404: there is no site, language or layout to show it.
 */
export const loadSiteSettings: MiddlewareFunction<Response> = async (args, next) => {
  try {
    await getSettings(args);
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "site_not_found") {
      return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw error;
  }
  return next();
};

const trackingKeys = ["network", "ref", "sub1", "sub2", "sub3"] as const;

/** Keeps the traffic source of the first visit (network, ref, sub1–3 from the query) in a cookie. */
export const captureTracking: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const query = new URL(request.url).searchParams;
  if (trackingKeys.some((key) => query.get(key)) && !(await trackingCookie.parse(request.headers.get("cookie")))) {
    const tracking = Object.fromEntries(
      trackingKeys.flatMap((key) => (query.get(key) ? [[key, query.get(key)!.slice(0, 100)]] : [])),
    );
    context.get(requestInfoContext).setCookies.push(await trackingCookie.serialize(tracking, cookieOptions(request)));
  }
  return next();
};
