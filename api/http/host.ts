import type { NextFunction, Request, Response } from "express";
import { ApiError } from "../errors";

/** A DNS name (with `_`, as some hosts have), an IPv4 address or a bracketed IPv6 one; then an optional port. */
const hostPattern =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether the request names the host it was sent to in a form a URL can be built from: `req.host` is Host, or
 * X-Forwarded-Host from a trusted proxy (TRUST_PROXY). HTTP/1.0 may leave it out and Node lets an empty or odd one
 * through; the site lookup and the page's URL need a real one.
 */
export function hasValidHost(req: Request): boolean {
  const host = req.host;
  return typeof host === "string" && host.length <= 260 && hostPattern.test(host);
}

/** The API's answer to a request without a usable host: 400, as a client error, never a 500. */
export function refuseInvalidHost(req: Request, _res: Response, next: NextFunction) {
  if (hasValidHost(req)) return next();
  next(new ApiError(400, "validation_failed", "The request has no valid Host header"));
}
