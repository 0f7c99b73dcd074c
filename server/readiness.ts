import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../api/db/database";
import { pendingMigrations } from "../api/db/migrate";
import type { EventBus } from "../api/events/event-bus";
import { isDiskFull } from "../api/http/storage-faults";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * /readyz (docs/operations.md "Health"): whether this process can serve members now. The database takes a write (a
 * one-row update committed in a transaction), no migration is pending, the event bus hears other processes, and the
 * data folder takes a small file. A full disk is named as such; any other failure by its message.
 */
export async function readiness(db: Db, events: EventBus | undefined, dataDir: string): Promise<Readiness> {
  try {
    await db
      .transaction()
      .execute((trx) =>
        trx.updateTable("site_settings_version").set({ version: sql<number>`version` }).where("id", "=", 1).execute(),
      );
  } catch (error) {
    return notReady("database not writable", error);
  }
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) return { ready: false, reason: `migrations pending: ${pending.join(", ")}` };
  } catch (error) {
    return notReady("migrations unreadable", error);
  }
  if (events && !events.connected()) return { ready: false, reason: "event bus not connected" };
  try {
    await probeFolder(dataDir);
  } catch (error) {
    return notReady(`data folder ${dataDir} not writable`, error);
  }
  return { ready: true };
}

/** Writes, syncs and removes a small file in `dir`, when it exists (PostgreSQL and S3 may leave it unused). */
async function probeFolder(dir: string) {
  const exists = await fs.stat(dir).then(
    () => true,
    () => false,
  );
  if (!exists) return;
  const file = path.join(dir, `.readyz-${process.pid}`);
  const handle = await fs.open(file, "w");
  try {
    await handle.writeFile("ready\n".repeat(512));
    await handle.sync();
  } finally {
    await handle.close();
    await fs.rm(file, { force: true });
  }
}

function notReady(what: string, error: unknown): Readiness {
  if (isDiskFull(error)) return { ready: false, reason: `disk full (${what})` };
  return { ready: false, reason: `${what}: ${error instanceof Error ? error.message : String(error)}` };
}
