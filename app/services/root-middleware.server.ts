import type { MiddlewareFunction } from "react-router";
import { landerOfPath, looksLikeCrawler } from "../../contract/landers";
import type { Tracking } from "../../contract/signup";
import { ApiCallError, hasSessionCookie } from "./api.server";
import { cookieOptions, trackingCookie } from "./cookies.server";
import { recordLanderVisit } from "./lander-visits.server";
import { requestInfoContext } from "./request-context";
import { getSettings } from "./settings.server";

/** Notes the route React Router matched for the request metrics (server/metrics.ts), which would else match again. */
export const notePageRoute: MiddlewareFunction<Response> = ({ context, pattern }, next) => {
  context.get(requestInfoContext).pageRoute = pattern;
  return next();
};

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

/**
 * Keeps where the visitor came from in a cookie, first touch only (docs/product.md §3.11): network, ref and sub1–3
 * from the query of the first visit that has any of them or is to a lander, with that lander's name and slug. A
 * later visit, to a lander or with other parameters, changes nothing. A first visit to a lander that answers is also
 * counted for the staff report: once per browser, so a visitor who comes back is not counted again; never for a
 * crawler or a member.
 */
export const captureTracking: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const query = url.searchParams;
  const lander = request.method === "GET" ? landerOfPath(url.pathname) : null;
  const fromQuery = trackingKeys.some((key) => query.get(key));
  if (!(fromQuery || lander) || (await trackingCookie.parse(request.headers.get("cookie")))) return next();

  const tracking = {
    ...Object.fromEntries(
      trackingKeys.flatMap((key) => (query.get(key) ? [[key, query.get(key)!.slice(0, 100)]] : [])),
    ),
    ...lander,
  } as Tracking;
  const cookies = context.get(requestInfoContext).setCookies;
  if (!lander) {
    cookies.push(await trackingCookie.serialize(tracking, cookieOptions(request)));
    return next();
  }
  const response = await next();
  // A lander that is not there (an unknown member, a slug of nothing) is nobody's first touch.
  if (response.status !== 200) return response;
  cookies.push(await trackingCookie.serialize(tracking, cookieOptions(request)));
  if (!hasSessionCookie(request) && !looksLikeCrawler(request.headers.get("user-agent")))
    recordLanderVisit(request, context, {
      lander: lander.lander,
      slug: lander.slug,
      network: tracking.network,
      ref: tracking.ref,
    });
  return response;
};
