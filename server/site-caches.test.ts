import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/*
 * Every cache in api/ and app/ either registers with its tier's list of site caches (api/settings/site-caches.ts,
 * app/services/site-caches.server.ts), so that a settings change drops it in every process, or is named here as
 * holding no site data. A cache is a NodeCache anywhere, or a Map made at a module's top level.
 */
const root = path.resolve(import.meta.dirname, "..");

/** Caches that hold no site data, with why: a settings change need not drop them. */
const holdsNoSiteData: Record<string, string> = {
  "api/geocode/geocode.service.ts NodeCache": "a geocoder's answers for a place name, the same for every site",
  "api/adapters/offers/partner-feed.ts NodeCache": "the partner's offer feed, fetched from the partner",
  "api/adapters/payments/mollie.ts statuses": "a constant table of Mollie's payment statuses",
  "api/settings/site-caches.ts flushes": "the registry itself",
  "app/services/site-caches.server.ts flushes": "the registry itself",
  "app/services/i18n.server.ts languages": "i18next instances and translators per language, from the locale files",
  "app/services/app-icons.server.ts rendered": "the app icons, drawn from the built-in favicon",
  "app/services/dates.ts formats": "Intl date formats per language and style",
  "app/services/dates.ts supportedTags": "whether Intl knows a language-country tag",
  "app/services/countries.ts displayNames": "Intl country names per language",
  "app/services/countries.ts collators": "Intl collators per language",
  "app/services/countries.ts optionLists":
    "named, sorted country lists keyed by the list itself: a site's changed list is a new key",
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

function cachesOf(file: string, text: string): string[] {
  const caches: string[] = [];
  if (text.includes("new NodeCache(")) caches.push(`${file} NodeCache`);
  for (const match of text.matchAll(/^(?:const|let) (\w+)\s*=\s*new Map\b/gm)) caches.push(`${file} ${match[1]}`);
  return caches;
}

test("every cache holding site data is dropped by a settings change; every other one is named here", () => {
  const forgotten: string[] = [];
  const seen = new Set<string>();
  for (const file of [...sourceFiles("api"), ...sourceFiles("app")]) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const registers = /register(?:Web)?SiteCache\(/.test(text.replace(/export function register\w+/g, ""));
    for (const cache of cachesOf(file, text)) {
      seen.add(cache);
      if (!registers && !(cache in holdsNoSiteData)) forgotten.push(cache);
    }
  }
  expect(forgotten).toEqual([]);
  // A name listed here for a cache that is gone would hide a new one of the same name.
  expect(Object.keys(holdsNoSiteData).filter((cache) => !seen.has(cache))).toEqual([]);
});

test("the caches of sites, settings, company, interests, regions and legal pages are registered", async () => {
  await import("../api/settings/settings.service");
  await import("../app/services/settings.server");
  await import("../app/services/legal-pages.server");
  const { apiSiteCacheNames } = await import("../api/settings/site-caches");
  const { webSiteCacheNames } = await import("../app/services/site-caches.server");
  expect(apiSiteCacheNames()).toEqual(["api: sites by domain"]);
  expect(webSiteCacheNames().sort()).toEqual([
    "web: interests, regions and company info",
    "web: legal page texts",
    "web: settings by domain and country",
    "web: stale API answers for an outage",
  ]);
});
