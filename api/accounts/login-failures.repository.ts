import { sql } from "kysely";
import type { DbOrTx } from "../db/database";

/**
 * Whose counters an attempt counts on: a member's (login_failures), or those of an e-mail address no account of the
 * site has (unknown_login_failures, by the address's hash), which are kept exactly alike.
 */
export type CounterOwner = { userId: number } | { siteId: number; emailHash: string };

type CounterTable = "login_failures" | "unknown_login_failures";
interface CountRule {
  max: number;
  now: string;
  windowStart: string;
  blockUntil: string;
}

/**
 * The upsert's update: a block that has run out, or failures last counted before `windowStart`, start again from
 * one; past `max` the block runs to `blockUntil` unless one is running already.
 */
function countedAgain(table: CounterTable, { now, windowStart, blockUntil, max }: CountRule) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const expired = sql<boolean>`(${column("blocked_until")} <= ${now} or (${column("blocked_until")} is null and ${column("updated_at")} <= ${windowStart}))`;
  return {
    failures: sql<number>`case when ${expired} then 1 else ${column("failures")} + 1 end`,
    // Past the limit already: this attempt is refused unseen, and the block starts now if nobody set it yet.
    blocked_until: sql<string | null>`case
      when ${column("blocked_until")} > ${now} then ${column("blocked_until")}
      when ${expired} then null
      when ${column("failures")} + 1 > ${max} then ${blockUntil}
      else null end`,
    updated_at: now,
  };
}

/** Counts one attempt in one atomic upsert, so parallel guesses cannot all read the same count. */
export async function countAttempt(db: DbOrTx, owner: CounterOwner, address: string, rule: CountRule) {
  const first = { address, failures: 1, blocked_until: null, updated_at: rule.now };
  const row =
    "userId" in owner
      ? await db
          .insertInto("login_failures")
          .values({ ...first, user_id: owner.userId })
          .onConflict((oc) => oc.columns(["user_id", "address"]).doUpdateSet(countedAgain("login_failures", rule)))
          .returning(["failures", "blocked_until"])
          .executeTakeFirstOrThrow()
      : await db
          .insertInto("unknown_login_failures")
          .values({ ...first, site_id: owner.siteId, email_hash: owner.emailHash })
          .onConflict((oc) =>
            oc.columns(["site_id", "email_hash", "address"]).doUpdateSet(countedAgain("unknown_login_failures", rule)),
          )
          .returning(["failures", "blocked_until"])
          .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), blocked_until: row.blocked_until };
}

/** Blocks the counters of these addresses that are not blocked yet. */
export function blockAddresses(db: DbOrTx, owner: CounterOwner, addresses: string[], until: string) {
  if ("userId" in owner)
    return db
      .updateTable("login_failures")
      .set({ blocked_until: until })
      .where("user_id", "=", owner.userId)
      .where("address", "in", addresses)
      .where("blocked_until", "is", null)
      .execute();
  return db
    .updateTable("unknown_login_failures")
    .set({ blocked_until: until })
    .where("site_id", "=", owner.siteId)
    .where("email_hash", "=", owner.emailHash)
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

/** Counters whose block ended by `now`, or unblocked ones last counted before `windowStart`: of both kinds. */
export async function deleteStaleLoginFailures(db: DbOrTx, now: string, windowStart: string) {
  for (const table of ["login_failures", "unknown_login_failures"] as const)
    await db
      .deleteFrom(table)
      .where((eb) =>
        eb.or([
          eb("blocked_until", "<=", now),
          eb.and([eb("blocked_until", "is", null), eb("updated_at", "<=", windowStart)]),
        ]),
      )
      .execute();
}
