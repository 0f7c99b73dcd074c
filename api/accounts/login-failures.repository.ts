import { sql } from "kysely";
import type { DbOrTx } from "../db/database";

/**
 * Counts one attempt in one atomic upsert, so parallel guesses cannot all read the same count. A block that has
 * run out, or failures last counted before `windowStart`, start again from one; past `max` the block runs to
 * `blockUntil` unless one is running already.
 */
export async function countAttempt(
  db: DbOrTx,
  key: { userId: number; address: string },
  rule: { max: number; now: string; windowStart: string; blockUntil: string },
) {
  const { now, windowStart, blockUntil, max } = rule;
  const expired = sql<boolean>`(login_failures.blocked_until <= ${now} or (login_failures.blocked_until is null and login_failures.updated_at <= ${windowStart}))`;
  const row = await db
    .insertInto("login_failures")
    .values({ user_id: key.userId, address: key.address, failures: 1, blocked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["user_id", "address"]).doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else login_failures.failures + 1 end`,
        // Past the limit already: this attempt is refused unseen, and the block starts now if nobody set it yet.
        blocked_until: sql<string | null>`case
          when login_failures.blocked_until > ${now} then login_failures.blocked_until
          when ${expired} then null
          when login_failures.failures + 1 > ${max} then ${blockUntil}
          else null end`,
        updated_at: now,
      }),
    )
    .returning(["failures", "blocked_until"])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), blocked_until: row.blocked_until };
}

/** Blocks the counters of these addresses that are not blocked yet. */
export function blockAddresses(db: DbOrTx, userId: number, addresses: string[], until: string) {
  return db
    .updateTable("login_failures")
    .set({ blocked_until: until })
    .where("user_id", "=", userId)
    .where("address", "in", addresses)
    .where("blocked_until", "is", null)
    .execute();
}

/** Forgets a member's counters: those of these addresses, or all of them. */
export function deleteLoginFailures(db: DbOrTx, userId: number, addresses?: string[]) {
  let query = db.deleteFrom("login_failures").where("user_id", "=", userId);
  if (addresses) query = query.where("address", "in", addresses);
  return query.execute();
}

/** Counters whose block ended by `now`, or unblocked ones last counted before `windowStart`. */
export function deleteStaleLoginFailures(db: DbOrTx, now: string, windowStart: string) {
  return db
    .deleteFrom("login_failures")
    .where((eb) =>
      eb.or([
        eb("blocked_until", "<=", now),
        eb.and([eb("blocked_until", "is", null), eb("updated_at", "<=", windowStart)]),
      ]),
    )
    .execute();
}
