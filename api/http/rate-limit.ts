import { rateLimit } from "express-rate-limit";
import { ApiError } from "../errors";

/** A limit per visitor address (behind the trusted proxy: the browser's), answered as a 429 rate_limited. */
export function perAddressLimit(windowMs: number, limit: number, message: string) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new ApiError(429, "rate_limited", message)),
  });
}
