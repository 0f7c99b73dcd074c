import type { MiddlewareFunction } from "react-router";
import { requestInfoContext } from "./request-context";
import { getSettings } from "./settings.server";

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
