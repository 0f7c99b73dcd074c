/**
 * Every cache of the web tier that holds site data registers here (the API tier's list is
 * api/settings/site-caches.ts): a change of a site's settings drops them all at once. server.ts calls
 * `dropWebSiteCaches` through the build's entry (app/entry.server.tsx) when the API says the settings changed.
 */
const flushes = new Map<string, () => void>();

export function registerWebSiteCache(name: string, flush: () => void): void {
  flushes.set(name, flush);
}

export function dropWebSiteCaches(): void {
  for (const flush of flushes.values()) flush();
}

export function webSiteCacheNames(): string[] {
  return [...flushes.keys()];
}
