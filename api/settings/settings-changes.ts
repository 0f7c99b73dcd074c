import { sql } from "kysely";
import { type Db, type DbOrTx, isPostgres } from "../db/database";
import { siteSettingsChannel } from "../events/event-bus";
import { dropApiSiteCaches } from "./site-caches";

/*
 * "The site's settings changed" (docs/architecture.md "Sessions and state"): sites and settings are cached in every
 * process (the API's site lookups, the web tier's settings, interests, regions and company info), and a change must
 * reach all of them at once. One counter in the database, `site_settings_version`, is raised in the transaction of
 * the change; every server process reads it about once a second (`watchSiteSettings`) and drops its caches when it
 * moved. The same on SQLite, where `npm run site` is another process, and on PostgreSQL with many processes. On
 * PostgreSQL the change also NOTIFYs `site_settings` in its transaction (sent when it commits): every process's event
 * bus hears it within milliseconds, and the counter stays the catch-up for a process whose LISTEN was down.
 */

const listeners = new Set<() => void>();

/** Called whenever this process drops its caches of sites and settings (server.ts drops the web tier's here). */
export function onSiteSettingsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops every cache of site data in this process: the API's (api/settings/site-caches.ts) and, through the listeners, the web tier's. */
export function dropSiteCaches() {
  dropApiSiteCaches();
  for (const listener of listeners) listener();
}

/**
 * The one call after a site's settings, domains, company or bundles changed: raises the version (inside the caller's
 * transaction, so other processes see it with the change) and drops this process's caches now. Other processes drop
 * theirs at their next check; this one drops them again then, after the transaction committed.
 */
export async function siteSettingsChanged(db: DbOrTx): Promise<void> {
  await db
    .updateTable("site_settings_version")
    .set({ version: sql<number>`version + 1` })
    .where("id", "=", 1)
    .execute();
  if (isPostgres(db)) await sql`select pg_notify(${siteSettingsChannel}, '')`.execute(db);
  dropSiteCaches();
}

async function currentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("site_settings_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Reads the version once: drops the caches when it moved since the last check. Answers whether it did. */
export function settingsVersionCheck(db: Db) {
  let seen: number | null = null;
  return async (): Promise<boolean> => {
    const version = await currentVersion(db);
    const moved = seen !== null && version !== seen;
    seen = version;
    if (moved) dropSiteCaches();
    return moved;
  };
}

/** Checks every `everyMs` (a one-row read) for the life of the process; returns the function that stops it. */
export function watchSiteSettings(db: Db, onError: (error: unknown) => void, everyMs = 1000): () => void {
  const check = settingsVersionCheck(db);
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await check();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  void check().catch(onError);
  return () => clearInterval(timer);
}
