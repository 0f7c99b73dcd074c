import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { SessionMember } from "../accounts/accounts.service";
import type { SiteRow } from "../db/schema";
import { authenticationRequired } from "../errors";
import type { SessionCookie } from "./cookies";

/** What the API's middleware learns about a request, kept on `res.locals`. */
export interface ApiLocals {
  site: SiteRow;
  member: SessionMember | null;
  /** The session token the browser presented, valid or not. */
  sessionToken: string | undefined;
  sessionCookie: SessionCookie;
  log: Logger;
}

export function locals(res: Response): ApiLocals {
  return res.locals as ApiLocals;
}

/** The logged-in member, or a 403 authentication_required (docs/product.md §8). */
export function requireMember({ member }: Pick<ApiLocals, "member">): SessionMember {
  if (!member) throw authenticationRequired();
  return member;
}

export function requestIdOf(req: Request): string {
  return String((req as Request & { id?: string }).id ?? "");
}
