import NodeCache from "node-cache";
import {
  companyInfoResponseSchema,
  interestsResponseSchema,
  regionsResponseSchema,
  type Settings,
  settingsSchema,
} from "../../contract/settings";
import { visitorCountry } from "../../contract/visitor-country";
import { ApiUnavailable, type CallContext, callApi } from "./api.server";
import { webEnv } from "./env.server";
import { registerWebSiteCache } from "./site-caches.server";

// Settings per domain and visitor country; interests, regions and company info once per domain (docs/product.md §7). Only
// known sites are cached (an unknown host is a 404 before), and the key count is capped all the same.
const maxKeys = 5000;
const settingsCache = new NodeCache({ stdTTL: 300, useClones: false, maxKeys });
// The last settings of each key, without expiry: what a request is served when its entry above expired while the API
// is unavailable, so that an outage longer than the cache's 5 minutes keeps the pages and their forms (§7.3).
const lastSettings = new NodeCache({ stdTTL: 0, useClones: false, maxKeys });
const onceCache = new NodeCache({ stdTTL: 3600, useClones: false, maxKeys });
// The same for company info, interests and regions: an hour's entry that expires during an outage keeps its last value.
const lastOnce = new NodeCache({ stdTTL: 0, useClones: false, maxKeys });
registerWebSiteCache("web: settings by domain and country", () => {
  settingsCache.flushAll();
  lastSettings.flushAll();
});
registerWebSiteCache("web: interests, regions and company info", () => {
  onceCache.flushAll();
  lastOnce.flushAll();
});

function domainOf(request: Request) {
  return new URL(request.url).hostname;
}

function countryOf(request: Request) {
  return visitorCountry(request.headers.get("cf-ipcountry"), webEnv().trustCfHeaders) ?? "";
}

/** Keeps a value unless the cache is full (node-cache throws then): the next request asks the API again. */
function remember<T>(cache: NodeCache, key: string, value: T) {
  try {
    cache.set(key, value);
  } catch {
    // ECACHEFULL: serving uncached is slower, never wrong.
  }
}

/**
 * The query settings.php gets (docs/product.md §7): the route's query parameters and the domain forced from the request host. The
 * cache is keyed by all of it and the visitor's country, since the API may answer each differently.
 */
function settingsQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  params.sort();
  const query = { ...Object.fromEntries(params), domain: domainOf(request) };
  return { query, key: `${countryOf(request)}|${new URLSearchParams(query)}` };
}

/** The site's settings for this request. */
export async function getSettings(call: CallContext): Promise<Settings> {
  const { query, key } = settingsQuery(call.request);
  const cached = settingsCache.get<Settings>(key);
  if (cached) return cached;
  let settings: Settings;
  try {
    settings = await callApi(call, "/settings.php", { query, schema: settingsSchema });
  } catch (error) {
    const last = error instanceof ApiUnavailable ? lastSettings.get<Settings>(key) : undefined;
    if (last) return last;
    throw error;
  }
  remember(settingsCache, key, settings);
  remember(lastSettings, key, settings);
  return settings;
}

/** Settings already loaded for a domain, for code that has no API context (language detection). */
export function cachedSettings(request: Request): Settings | undefined {
  return settingsCache.get<Settings>(settingsQuery(request).key);
}

async function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cached = onceCache.get<T>(key);
  if (cached !== undefined) return cached;
  let value: T;
  try {
    value = await load();
  } catch (error) {
    const last = error instanceof ApiUnavailable ? lastOnce.get<T>(key) : undefined;
    if (last !== undefined) return last;
    throw error;
  }
  remember(onceCache, key, value);
  remember(lastOnce, key, value);
  return value;
}

export function getCompanyInfo(call: CallContext) {
  return once(
    `company|${domainOf(call.request)}`,
    async () => (await callApi(call, "/companyinfo.php", { schema: companyInfoResponseSchema })).companyinfo,
  );
}

export function getInterests(call: CallContext) {
  return once(
    `interests|${domainOf(call.request)}`,
    async () => (await callApi(call, "/interests.php", { schema: interestsResponseSchema })).interests,
  );
}

export function getRegions(call: CallContext) {
  return once(
    `regions|${domainOf(call.request)}`,
    async () => (await callApi(call, "/regions.php", { schema: regionsResponseSchema })).regions,
  );
}

/** Fetches the settings of the configured domain once when the server starts. */
export async function preloadSettings(origin: string, call: Omit<CallContext, "request">) {
  await getSettings({ ...call, request: new Request(`${origin}/`) });
}
