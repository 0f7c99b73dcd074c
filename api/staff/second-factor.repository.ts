import type { DbOrTx } from "../db/database";

/**
 * The secret offered for set-up: the one already offered, else this new one. Two requests at once (the page's
 * loaders run side by side) get the same secret.
 */
export async function pendingSecret(db: DbOrTx, userId: number, fresh: string): Promise<string> {
  await db
    .updateTable("users")
    .set({ totp_pending_secret: fresh })
    .where("id", "=", userId)
    .where("totp_pending_secret", "is", null)
    .execute();
  const row = await db
    .selectFrom("users")
    .select("totp_pending_secret")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.totp_pending_secret ?? fresh;
}

/** Turns the pending secret into the member's: only if it is still the one the code was checked against. */
export async function enableTotp(
  db: DbOrTx,
  userId: number,
  pending: string,
  sealed: string,
  step: number,
  now: string,
) {
  const result = await db
    .updateTable("users")
    .set({ totp_secret: sealed, totp_pending_secret: null, totp_last_step: step, totp_enabled_at: now })
    .where("id", "=", userId)
    .where("totp_secret", "is", null)
    .where("totp_pending_secret", "=", pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a secret kept as plain text by its sealed form, unless it changed meanwhile. */
export function sealSecret(db: DbOrTx, userId: number, plain: string, sealed: string) {
  return db
    .updateTable("users")
    .set({ totp_secret: sealed })
    .where("id", "=", userId)
    .where("totp_secret", "=", plain)
    .execute();
}

/** Notes a time step as used, unless this or a later one already was (two processes, one code: one wins). */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number) {
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]) {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses a recovery code once: true only for the one request that marked it used. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, hash: string, now: string) {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number) {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function markSessionVerified(db: DbOrTx, sessionId: number, now: string) {
  return db.updateTable("sessions").set({ second_factor_at: now }).where("id", "=", sessionId).execute();
}
