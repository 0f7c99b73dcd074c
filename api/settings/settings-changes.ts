import { sql } from "kysely";
import { type Db, type DbOrTx, isPostgres } from "../db/database";
import { siteSettingsChannel } from "../events/event-bus";
import { dropApiSiteCaches } from "./site-caches";

/*
 * "The site's settings changed" (docs/architecture.md "Sessions and state"): sites and settings are cached in every
 * process (the API's site lookups, the web tier's settings, interests, regions and company info), and a change must
 * reach all of them at once. One counter in the database, `site_settings_version`, is raised in the transaction of
 * the change; every server process reads it about once a second (`watchSettingsVersion`) and drops its caches when
 * it moved. The same on SQLite, where `npm run site` is another process, and on PostgreSQL with many processes. On
 * PostgreSQL the change also NOTIFYs `site_settings` in its transaction (sent when it commits): every process's event
 * bus hears it within milliseconds, and the counter stays the catch-up for a process whose LISTEN was down. A web
 * tier with no database (`API_URL`) asks the API for the counter instead (GET /api/health.php answers the version
 * that API process has dropped its own caches for; server/api-settings-version.ts) twice a second.
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

/** One look at a settings version: the version read, and whether it moved since the look before (caches dropped). */
export type SettingsVersionCheck = () => Promise<{ version: number; moved: boolean }>;

/** Looks at the version `read` answers, and drops this process's caches when it moved since the last look. */
export function versionCheck(read: () => Promise<number>): SettingsVersionCheck {
  let seen: number | null = null;
  return async () => {
    const version = await read();
    const moved = seen !== null && version !== seen;
    seen = version;
    if (moved) dropSiteCaches();
    return { version, moved };
  };
}

/** The check of the database's counter, as a process serving the API makes it. */
export function settingsVersionCheck(db: Db): SettingsVersionCheck {
  return versionCheck(() => currentVersion(db));
}

/** A failed look is tried again after 1 s, then twice as long each time, up to this. */
const longestRetryMs = 30_000;

/**
 * Runs `check` every `everyMs` for the life of the process (one look at a time); returns the function that stops it.
 * After a failure it waits 1 s, then twice as long each time up to 30 s, and tells `onError` how long; the first look
 * that works again goes back to `everyMs`.
 */
export function watchSettingsVersion(
  check: SettingsVersionCheck,
  options: { everyMs: number; onError: (error: unknown, retryMs: number) => void },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let retryMs = 0;
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(look, ms);
    timer.unref();
  };
  const look = async () => {
    try {
      await check();
      retryMs = 0;
      next(options.everyMs);
    } catch (error) {
      retryMs = Math.min(Math.max(retryMs * 2, 1000), longestRetryMs);
      if (!stopped) options.onError(error, retryMs);
      next(retryMs);
    }
  };
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
