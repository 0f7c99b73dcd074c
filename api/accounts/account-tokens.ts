import { DAY, HOUR } from "../../contract/durations";
import { type DbOrTx, nowIso } from "../db/database";
import type { TokenPurpose } from "../db/schema";
import * as repo from "./account-tokens.repository";
import { hashSessionToken, newSessionToken } from "./session-token";

/** How long each kind of mailed link works (docs/product.md §4: reactivation within 14 days). */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  activation: 7 * DAY,
  password_reset: HOUR,
  mail_change: DAY,
  reactivation: 14 * DAY,
};

/** A new single-use link token; only its hash is stored. */
export async function issueToken(db: DbOrTx, userId: number, purpose: TokenPurpose, newEmail: string | null = null) {
  const token = newSessionToken();
  const now = new Date();
  await repo.insertToken(db, {
    user_id: userId,
    purpose,
    token_hash: hashSessionToken(token),
    new_email: newEmail,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + tokenLifetimeMs[purpose]).toISOString(),
  });
  return token;
}

/**
 * Uses a token once: the update only succeeds for an unused, unexpired token of that purpose, so two clicks
 * racing each other cannot both pass.
 */
export async function consumeToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const tokenHash = hashSessionToken(token);
  if (!(await repo.markTokenUsed(db, tokenHash, purpose, nowIso()))) return null;
  return repo.findTokenByHash(db, tokenHash);
}

/** How many tokens of a purpose were sent to a member in the last day (per-address mail limit). */
export function tokensSentToday(db: DbOrTx, userId: number, purpose: TokenPurpose): Promise<number> {
  return repo.countTokensSince(db, userId, purpose, new Date(Date.now() - DAY).toISOString());
}

export function deleteToken(db: DbOrTx, token: string) {
  return repo.deleteTokenByHash(db, hashSessionToken(token));
}

/** After a password or e-mail change, no older reset or e-mail-change link may still work. */
export function revokeCredentialLinks(db: DbOrTx, userId: number) {
  return repo.markUnusedTokensUsed(db, userId, ["password_reset", "mail_change"], nowIso());
}

/** Links that can no longer be used (the hourly clean-up); used ones stay a day for the per-day mail count. */
export function deleteDeadTokens(db: DbOrTx, now = new Date()) {
  return repo.deleteTokensExpiredBy(db, new Date(now.getTime() - DAY).toISOString());
}
