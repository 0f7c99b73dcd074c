import { nowIso, type Db } from "../db/database";
import type { TokenPurpose } from "../db/schema";
import { hashSessionToken, newSessionToken } from "./session-token";
import { DAY, HOUR } from "../../contract/durations";

/** How long each kind of mailed link works (SPEC §4: reactivation within 14 days). */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  activation: 7 * DAY,
  password_reset: HOUR,
  mail_change: DAY,
  reactivation: 14 * DAY,
};

/** A new single-use link token; only its hash is stored. */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose, newEmail: string | null = null) {
  const token = newSessionToken();
  const now = new Date();
  await db
    .insertInto("account_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: hashSessionToken(token),
      new_email: newEmail,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + tokenLifetimeMs[purpose]).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Uses a token once: the update only succeeds for an unused, unexpired token of that purpose, so two clicks
 * racing each other cannot both pass.
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose) {
  const tokenHash = hashSessionToken(token);
  const now = nowIso();
  const result = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return db.selectFrom("account_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirstOrThrow();
}

/** How many tokens of a purpose were sent to a member in the last day (per-address mail limit). */
export async function tokensSentToday(db: Db, userId: number, purpose: TokenPurpose): Promise<number> {
  const since = new Date(Date.now() - DAY).toISOString();
  const row = await db
    .selectFrom("account_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function deleteToken(db: Db, token: string) {
  return db.deleteFrom("account_tokens").where("token_hash", "=", hashSessionToken(token)).execute();
}

/** After a password or e-mail change, no older reset or e-mail-change link may still work. */
export function revokeCredentialLinks(db: Db, userId: number) {
  return db
    .updateTable("account_tokens")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("purpose", "in", ["password_reset", "mail_change"])
    .where("used_at", "is", null)
    .execute();
}

/** Links that can no longer be used (the hourly clean-up); used ones stay a day for the per-day mail count. */
export function deleteDeadTokens(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY).toISOString();
  return db.deleteFrom("account_tokens").where("expires_at", "<=", dayAgo).execute();
}
