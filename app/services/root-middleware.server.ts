import type { MiddlewareFunction } from "react-router";
import { requestInfoContext } from "./request-context";
import { getSettings } from "./settings.server";
import { cookieOptions, trackingCookie } from "./cookies.server";

/** Relays the API's Set-Cookie headers (the auth cookie is the API's) onto the page's response. */
export const relayApiCookies: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  for (const cookie of context.get(requestInfoContext).setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** Loads the site's settings before language detection, which reads domain_language from them. */
export const loadSiteSettings: MiddlewareFunction<Response> = async (args, next) => {
  await getSettings(args);
  return next();
};

const trackingKeys = ["network", "ref", "sub1", "sub2", "sub3"] as const;

/** Keeps the traffic source of the first visit (network, ref, sub1–3 from the query) in a cookie. */
export const captureTracking: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const query = new URL(request.url).searchParams;
  if (trackingKeys.some((key) => query.get(key)) && !(await trackingCookie.parse(request.headers.get("cookie")))) {
    const tracking = Object.fromEntries(trackingKeys.flatMap((key) => (query.get(key) ? [[key, query.get(key)!.slice(0, 100)]] : [])));
    context.get(requestInfoContext).setCookies.push(await trackingCookie.serialize(tracking, cookieOptions(request)));
  }
  return next();
};
