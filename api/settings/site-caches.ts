/**
 * Every cache of the API tier that holds site data (sites, settings, company, interests, regions) registers here, so
 * that a change of a site's settings drops them all at once (api/settings/settings-changes.ts). The web tier has its
 * own list (app/services/site-caches.server.ts); a unit test (server/site-caches.test.ts) finds every cache in
 * api/ and app/ and fails on one that neither registers nor is listed there as holding no site data.
 */
const flushes = new Map<string, () => void>();

/** Registers a cache by name (one name, one cache: registering again replaces it, as a module reloaded in dev). */
export function registerSiteCache(name: string, flush: () => void): void {
  flushes.set(name, flush);
}

/** Drops every registered cache of this process's API tier. */
export function dropApiSiteCaches(): void {
  for (const flush of flushes.values()) flush();
}

export function apiSiteCacheNames(): string[] {
  return [...flushes.keys()];
}
