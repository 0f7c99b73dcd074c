import type { Request, Response } from "express";
import { parse, serialize } from "cookie";
import { sessionCookieName, sessionMaxAgeSeconds } from "../accounts/session-token";

export function sessionTokenOf(req: Request): string | undefined {
  return parse(req.get("cookie") ?? "")[sessionCookieName];
}

/** The auth cookie: HttpOnly, SameSite=Lax, Secure behind https, 30 days (SPEC §9). */
export function setSessionCookie(req: Request, res: Response, token: string) {
  res.append(
    "Set-Cookie",
    serialize(sessionCookieName, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: req.secure,
      path: "/",
      maxAge: sessionMaxAgeSeconds,
    }),
  );
}

export function clearSessionCookie(req: Request, res: Response) {
  res.append(
    "Set-Cookie",
    serialize(sessionCookieName, "", { httpOnly: true, sameSite: "lax", secure: req.secure, path: "/", maxAge: 0 }),
  );
}
