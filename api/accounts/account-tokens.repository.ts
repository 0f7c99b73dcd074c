import type { Insertable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { AccountTokensTable, TokenPurpose } from "../db/schema";

export function insertToken(db: DbOrTx, token: Insertable<AccountTokensTable>) {
  return db.insertInto("account_tokens").values(token).execute();
}

/** Marks an unused, unexpired token of a purpose used, in one statement: true only for the one call that did. */
export async function markTokenUsed(db: DbOrTx, tokenHash: string, purpose: TokenPurpose, now: string) {
  const result = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findTokenByHash(db: DbOrTx, tokenHash: string) {
  return db.selectFrom("account_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirstOrThrow();
}

export async function countTokensSince(
  db: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom("account_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function deleteTokenByHash(db: DbOrTx, tokenHash: string) {
  return db.deleteFrom("account_tokens").where("token_hash", "=", tokenHash).execute();
}

/** Marks a member's unused tokens of these purposes used, so that they no longer work. */
export function markUnusedTokensUsed(db: DbOrTx, userId: number, purposes: TokenPurpose[], now: string) {
  return db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "in", purposes)
    .where("used_at", "is", null)
    .execute();
}

export function deleteTokensExpiredBy(db: DbOrTx, cutoff: string) {
  return db.deleteFrom("account_tokens").where("expires_at", "<=", cutoff).execute();
}
