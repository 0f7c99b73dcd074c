import type { NextFunction, Request, Response } from "express";
import { ApiError } from "../errors";

/**
 * Whether a browser says another site sent this request (Sec-Fetch-Site). A GET that changes something does not
 * act for such a request: a link or redirect from elsewhere must not log a member out or mark things seen. The
 * web tier forwards the browser's header.
 */
export function isCrossSite(req: { get(header: string): string | undefined }): boolean {
  return req.get("sec-fetch-site") === "cross-site";
}

/** Middleware: a 403 forbidden_origin for a request another site sent, before anything else is looked at. */
export function refuseCrossSiteRequest(req: Request, _res: Response, next: NextFunction) {
  next(isCrossSite(req) ? new ApiError(403, "forbidden_origin", "Cross-site request refused") : undefined);
}
