import type { Logger } from "pino";
import { DAY, MINUTE } from "../../contract/durations";
import type { Db, DbOrTx } from "../db/database";
import type { UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { addressKey, emailHash } from "../limits/shared-limits";
import type { CounterOwner } from "./login-failures.repository";
import * as repo from "./login-failures.repository";
import { verifyPassword } from "./password";

/** The lockout rule's settings (LOGIN_MAX_FAILURES, LOGIN_BLOCK_MINUTES). */
export interface LoginPolicy {
  maxFailures: number;
  blockMinutes: number;
}

/** Where a password is being tried from, and where lockouts are logged. */
export interface PasswordAttempt {
  db: Db;
  address: string;
  policy: LoginPolicy;
  log: Logger;
}

/** Wrong passwords count "in a row" within a day; older ones are forgotten. */
export const failureWindowMs = DAY;
/** From all addresses together an account takes ten times as many guesses before everyone is blocked. */
export const accountWideFactor = 10;
const everywhere = "*";

/**
 * Checks a member's password under the lockout rule (README "Login lockout"). Every attempt is counted before the
 * password is checked, in one atomic upsert per counter, so parallel guesses cannot all read the same count:
 * - per account and address: LOGIN_MAX_FAILURES wrong passwords block that address for LOGIN_BLOCK_MINUTES;
 * - per account from every address: ten times as many block the account for everyone for as long.
 * A right password clears both counters. A blocked attempt is refused without looking at the password.
 */
export async function checkPassword(
  attempt: PasswordAttempt,
  user: UserRow,
  password: string,
  wrongPassword: () => ApiError,
  blockedField?: string,
): Promise<void> {
  await guardedCheck(
    attempt,
    { userId: user.id },
    () => verifyPassword(user.password_hash, password),
    wrongPassword,
    blockedField,
  );
}

/**
 * A login with an e-mail address no account of the site has: counted and blocked exactly as an account's would be,
 * with a password hashed as long, so that the answers (401 four times, then `account_blocked`) and their timing do
 * not tell whether an account exists (docs/product.md §4.4).
 */
export async function refuseUnknownEmail(
  attempt: PasswordAttempt,
  siteId: number,
  email: string,
  password: string,
  wrongPassword: () => ApiError,
): Promise<never> {
  const never = async () => {
    await verifyPassword(null, password);
    return false;
  };
  await guardedCheck(attempt, { siteId, emailHash: emailHash(email) }, never, wrongPassword);
  throw wrongPassword();
}

/**
 * Any secret checked under the lockout rule: `isRight` says whether it was right. Used by checkPassword and by the
 * staff's step-up (a wrong TOTP code counts as a wrong password does).
 */
export async function guardedCheck(
  attempt: PasswordAttempt,
  owner: CounterOwner,
  passwordIsRight: () => Promise<boolean>,
  wrongPassword: () => ApiError,
  blockedField?: string,
): Promise<void> {
  const { db, policy, log } = attempt;
  const address = addressKey(attempt.address);
  const now = new Date();
  const counters = await db
    .transaction()
    .execute(async (trx) => [
      await countAttempt(trx, owner, address, policy.maxFailures, policy, now),
      await countAttempt(trx, owner, everywhere, policy.maxFailures * accountWideFactor, policy, now),
    ]);
  const blockedUntil = latestBlock(
    counters.map((c) => c.blocked_until),
    now,
  );
  if (blockedUntil) throw accountBlocked(blockedUntil, now, blockedField);

  if (await passwordIsRight()) {
    if ("userId" in owner) await repo.deleteLoginFailures(db, owner.userId, [address, everywhere]);
    return;
  }
  const reached = counters.filter((c) => c.failures >= c.max);
  if (reached.length === 0) throw wrongPassword();
  const until = new Date(now.getTime() + policy.blockMinutes * MINUTE).toISOString();
  await repo.blockAddresses(
    db,
    owner,
    reached.map((c) => c.address),
    until,
  );
  log.warn(
    {
      security: "lockout",
      userId: "userId" in owner ? owner.userId : null,
      address: attempt.address,
      accountWide: reached.some((c) => c.address === everywhere),
    },
    "account locked after wrong passwords",
  );
  throw accountBlocked(until, now, blockedField);
}

/** A password reset by mail proves the member: every block on the account ends. */
export function clearLoginFailures(db: DbOrTx, userId: number) {
  return repo.deleteLoginFailures(db, userId);
}

/** Forgets counters that can no longer block anyone (the hourly clean-up). */
export function deleteStaleLoginFailures(db: DbOrTx, now = new Date()) {
  return repo.deleteStaleLoginFailures(db, now.toISOString(), new Date(now.getTime() - failureWindowMs).toISOString());
}

/** Counts one attempt; a block that has run out, or failures older than the window, start again from one. */
async function countAttempt(
  db: DbOrTx,
  owner: CounterOwner,
  address: string,
  max: number,
  policy: LoginPolicy,
  now: Date,
) {
  const row = await repo.countAttempt(db, owner, address, {
    max,
    now: now.toISOString(),
    windowStart: new Date(now.getTime() - failureWindowMs).toISOString(),
    blockUntil: new Date(now.getTime() + policy.blockMinutes * MINUTE).toISOString(),
  });
  return { address, max, ...row };
}

function latestBlock(blocks: (string | null)[], now: Date): string | null {
  const active = blocks.filter((b): b is string => b !== null && new Date(b) > now).sort();
  return active.at(-1) ?? null;
}

/** docs/product.md §8: 'Too many incorrect attempts, account blocked for {minutes} min.' */
function accountBlocked(blockedUntil: string, now: Date, field?: string) {
  const minutes = Math.max(1, Math.ceil((new Date(blockedUntil).getTime() - now.getTime()) / MINUTE));
  return new ApiError(403, "account_blocked", `Too many incorrect attempts, account blocked for ${minutes} min.`, {
    minutes,
    ...(field ? { fields: { [field]: "settings.tooManyWrong" } } : {}),
  });
}
