import NodeCache from "node-cache";
import { companyInfoResponseSchema, interestsResponseSchema, regionsResponseSchema, settingsSchema, type Settings } from "../../contract/settings";
import { callApi, type CallContext } from "./api.server";

// Settings per domain and visitor country; interests, regions and company info once per domain (SPEC §7).
const settingsCache = new NodeCache({ stdTTL: 300, useClones: false });
const onceCache = new NodeCache({ stdTTL: 3600, useClones: false });

function domainOf(request: Request) {
  return new URL(request.url).hostname;
}

/** The site's settings, with the route's query parameters and the domain forced from the request host. */
export async function getSettings(call: CallContext): Promise<Settings> {
  const domain = domainOf(call.request);
  const country = call.request.headers.get("cf-ipcountry")?.toUpperCase() ?? "";
  const key = `${domain}|${country}`;
  const cached = settingsCache.get<Settings>(key);
  if (cached) return cached;
  const query = Object.fromEntries(new URL(call.request.url).searchParams);
  const settings = await callApi(call, "/settings.php", { query: { ...query, domain }, schema: settingsSchema });
  settingsCache.set(key, settings);
  return settings;
}

/** Settings already loaded for a domain, for code that has no API context (language detection). */
export function cachedSettings(request: Request): Settings | undefined {
  const country = request.headers.get("cf-ipcountry")?.toUpperCase() ?? "";
  return settingsCache.get<Settings>(`${domainOf(request)}|${country}`);
}

async function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cached = onceCache.get<T>(key);
  if (cached !== undefined) return cached;
  const value = await load();
  onceCache.set(key, value);
  return value;
}

export function getCompanyInfo(call: CallContext) {
  return once(`company|${domainOf(call.request)}`, async () =>
    (await callApi(call, "/companyinfo.php", { schema: companyInfoResponseSchema })).companyinfo);
}

export function getInterests(call: CallContext) {
  return once(`interests|${domainOf(call.request)}`, async () =>
    (await callApi(call, "/interests.php", { schema: interestsResponseSchema })).interests);
}

export function getRegions(call: CallContext) {
  return once(`regions|${domainOf(call.request)}`, async () =>
    (await callApi(call, "/regions.php", { schema: regionsResponseSchema })).regions);
}

/** Fetches the settings of the configured domain once when the server starts. */
export async function preloadSettings(origin: string, call: Omit<CallContext, "request">) {
  await getSettings({ ...call, request: new Request(origin + "/") });
}
