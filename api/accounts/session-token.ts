import crypto from "node:crypto";
import { DAY_IN_SECONDS } from "../../contract/durations";

/** Sessions end 30 days after login (docs/product.md §9: auth cookie 30 days), or after 7 days unused (README "Sessions"). */
export const sessionMaxAgeSeconds = 30 * DAY_IN_SECONDS;
export const sessionIdleSeconds = 7 * DAY_IN_SECONDS;

/** A new opaque token for the cookie; only its hash is stored. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
