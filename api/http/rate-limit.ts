import { rateLimit, type Store } from "express-rate-limit";
import { MINUTE } from "../../contract/durations";
import { ApiError } from "../errors";

/**
 * A limit per visitor address (behind the trusted proxy: the browser's), answered as a 429 rate_limited. Counted in
 * `store` (api/limits/rate-limit-stores.ts: shared by every process on PostgreSQL or Redis), else in memory.
 */
export function perAddressLimit(windowMs: number, limit: number, message: string, store?: Store) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    ...(store ? { store } : {}),
    handler: (_req, _res, next) => next(new ApiError(429, "rate_limited", message)),
  });
}

/**
 * Per-address limit on password attempts (login, and the old password of a change or deletion), on top of the
 * per-account lockout: it slows guessing across many accounts. Made once, so that all of them share one count.
 */
export function passwordRateLimit(env: { LOGIN_RATE_PER_IP: number }, store?: Store) {
  return perAddressLimit(15 * MINUTE, env.LOGIN_RATE_PER_IP, "Too many login attempts, please try again later", store);
}
