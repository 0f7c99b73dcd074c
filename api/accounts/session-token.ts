import crypto from "node:crypto";

/** The auth cookie's name and lifetime (SPEC §9: 30 days). */
export const sessionCookieName = "sid";
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;

/** A new opaque token for the cookie; only its hash is stored. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
