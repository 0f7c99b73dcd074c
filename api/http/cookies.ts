import { parse, serialize } from "cookie";
import type { Request, Response } from "express";
import { sessionCookieName } from "../../contract/session-cookie";
import { sessionMaxAgeSeconds } from "../accounts/session-token";

/** The auth cookie's name and whether it is always Secure: `__Host-sid` in production, `sid` otherwise. */
export interface SessionCookie {
  name: string;
  production: boolean;
}

export function sessionCookieFor(nodeEnv: string): SessionCookie {
  const production = nodeEnv === "production";
  return { name: sessionCookieName(production), production };
}

export function sessionTokenOf(req: Request, cookie: SessionCookie): string | undefined {
  return parse(req.get("cookie") ?? "")[cookie.name];
}

/** The auth cookie: HttpOnly, SameSite=Lax, 30 days (docs/product.md §9); Secure in production and behind https. */
export function setSessionCookie(req: Request, res: Response, cookie: SessionCookie, token: string) {
  res.append("Set-Cookie", serialize(cookie.name, token, attributes(req, cookie, sessionMaxAgeSeconds)));
  res.set("Cache-Control", "no-store");
}

export function clearSessionCookie(req: Request, res: Response, cookie: SessionCookie) {
  res.append("Set-Cookie", serialize(cookie.name, "", attributes(req, cookie, 0)));
  res.set("Cache-Control", "no-store");
}

function attributes(req: Request, cookie: SessionCookie, maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, secure: cookie.production || req.secure, path: "/", maxAge };
}
