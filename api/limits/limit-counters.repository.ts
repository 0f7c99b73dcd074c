import { sql } from "kysely";
import type { DbOrTx } from "../db/database";

/**
 * Counts one hit of a scope and key in one atomic upsert, so that parallel requests (in any process) cannot all
 * read the same count. A window that has ended starts again from one, ending at `windowEnds`. Returns the hits.
 */
export async function countHit(db: DbOrTx, scope: string, key: string, now: string, windowEnds: string) {
  return (await countHitInWindow(db, scope, key, now, windowEnds)).hits;
}

/** countHit's hits and the end of the window they are counted in. */
export async function countHitInWindow(db: DbOrTx, scope: string, key: string, now: string, windowEnds: string) {
  const ended = sql<boolean>`limit_counters.window_ends <= ${now}`;
  const row = await db
    .insertInto("limit_counters")
    .values({ scope, key, hits: 1, window_ends: windowEnds })
    .onConflict((oc) =>
      oc.columns(["scope", "key"]).doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else limit_counters.hits + 1 end`,
        window_ends: sql<string>`case when ${ended} then ${windowEnds} else limit_counters.window_ends end`,
      }),
    )
    .returning(["hits", "window_ends"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEnds: row.window_ends };
}

/** A key's count and window, if it has one. */
export function findCounter(db: DbOrTx, scope: string, key: string) {
  return db
    .selectFrom("limit_counters")
    .select(["hits", "window_ends"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Forgets a key's count. */
export function deleteCounter(db: DbOrTx, scope: string, key: string) {
  return db.deleteFrom("limit_counters").where("scope", "=", scope).where("key", "=", key).execute();
}

/** Takes one hit back (never below zero). */
export function uncountHit(db: DbOrTx, scope: string, key: string) {
  return db
    .updateTable("limit_counters")
    .set({ hits: sql<number>`hits - 1` })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

/** Counters whose window has ended: they limit nothing any more. */
export function deleteEndedCounters(db: DbOrTx, now: string) {
  return db.deleteFrom("limit_counters").where("window_ends", "<=", now).execute();
}
