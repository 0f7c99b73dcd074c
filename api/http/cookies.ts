import { parse, serialize } from "cookie";
import { sessionCookieName } from "../../contract/session-cookie";
import { sessionMaxAgeSeconds } from "../accounts/session-token";
import type { ApiRequest, ApiResponse } from "./api-request";

/** The auth cookie's name and whether it is always Secure: `__Host-sid` in production, `sid` otherwise. */
export interface SessionCookie {
  name: string;
  production: boolean;
}

export function sessionCookieFor(nodeEnv: string): SessionCookie {
  const production = nodeEnv === "production";
  return { name: sessionCookieName(production), production };
}

/** The session token in a Cookie header, if any. */
export function sessionTokenOf(cookieHeader: string | undefined, cookie: SessionCookie): string | undefined {
  return parse(cookieHeader ?? "")[cookie.name];
}

/** The auth cookie: HttpOnly, SameSite=Lax, 30 days (docs/product.md §9); Secure in production and behind https. */
export function setSessionCookie(req: ApiRequest, res: ApiResponse, cookie: SessionCookie, token: string) {
  res.append("Set-Cookie", serialize(cookie.name, token, attributes(req, cookie, sessionMaxAgeSeconds)));
  res.set("Cache-Control", "no-store");
}

export function clearSessionCookie(req: ApiRequest, res: ApiResponse, cookie: SessionCookie) {
  res.append("Set-Cookie", serialize(cookie.name, "", attributes(req, cookie, 0)));
  res.set("Cache-Control", "no-store");
}

function attributes(req: ApiRequest, cookie: SessionCookie, maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, secure: cookie.production || req.secure, path: "/", maxAge };
}
