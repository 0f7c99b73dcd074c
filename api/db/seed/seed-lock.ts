import { sql } from "kysely";
import { isPostgres, type Tx } from "../database";

/** The advisory lock's key on PostgreSQL: any number no other lock of the site uses ("demo" in ASCII). */
const seedLockKey = 0x64656d6f;

/**
 * Takes the seeding lock for the rest of `trx`: processes starting together seed one after the other, and the later
 * one finds the demo there (docs/operations.md "First start"). On PostgreSQL a transaction-scoped advisory lock; on
 * SQLite a write that changes nothing, which takes the database's one write lock (others wait up to busy_timeout).
 */
export async function takeSeedLock(trx: Tx): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
  else
    await trx.updateTable("site_settings_version").set({ version: sql<number>`version` }).where("id", "=", 1).execute();
}

/**
 * Test only (tests/processes/seed-kill.test.ts): with SEED_PAUSE_AFTER=<step> the seeding stops for good after that
 * step (photos, site, members) and says so on stderr, so that a test can kill the process at that point.
 */
export async function pauseForTest(step: "photos" | "site" | "members"): Promise<void> {
  if (process.env.SEED_PAUSE_AFTER !== step) return;
  process.stderr.write(`seed paused after ${step}\n`);
  await new Promise(() => {});
}
