import http from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { settingsFixture } from "../../tests/support/settings-fixture";
import { type RequestInfo, requestInfoContext } from "./request-context";

// A stand-in API that answers settings.php and interests.php (or 503 while `down`) and records the settings queries.
const asked: URLSearchParams[] = [];
const settings = settingsFixture;
const interests = [{ id: 1, slug: "hiking", names: { en: "Hiking" } }];
let interestsAsked = 0;
let down = false;
const server = http.createServer((req, res) => {
  const url = new URL(req.url!, "http://api");
  if (url.pathname.endsWith("/interests.php")) interestsAsked++;
  else asked.push(url.searchParams);
  res.writeHead(down ? 503 : 200, { "content-type": "application/json" });
  res.end(JSON.stringify(down ? {} : url.pathname.endsWith("/interests.php") ? { interests } : settings));
});

let getSettings: typeof import("./settings.server").getSettings;
let getInterests: typeof import("./settings.server").getInterests;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  vi.stubEnv("LOG_LEVEL", "silent");
  vi.stubEnv("API_RETRY_BASE_MS", "1");
  ({ getSettings, getInterests } = await import("./settings.server"));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function call(url: string) {
  const info: RequestInfo = { nonce: "", requestId: "req-1", clientIp: "198.51.100.7", setCookies: [] };
  return { request: new Request(url), context: new RouterContextProvider(new Map([[requestInfoContext, info]])) };
}

test("settings.php gets the route's query and the host as domain; the cache tells queries apart", async () => {
  await getSettings(call("https://dating.example/members?ref=news&domain=other.example"));
  expect(Object.fromEntries(asked[0]!)).toEqual({ ref: "news", domain: "dating.example" });

  // The same query in another order is the same entry; another query is asked anew.
  await getSettings(call("https://dating.example/signup?domain=x&ref=news"));
  expect(asked).toHaveLength(1);
  await getSettings(call("https://dating.example/members?ref=mail"));
  expect(asked).toHaveLength(2);
  expect(Object.fromEntries(asked[1]!)).toEqual({ ref: "mail", domain: "dating.example" });
});

test("settings whose cache entry expired while the API is unavailable are the last ones fetched; unknown ones fail", async () => {
  const url = "https://outage.example/members";
  expect((await getSettings(call(url))).name).toBe(settings.name);
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(Date.now() + 301_000);
    down = true;
    const before = asked.length;
    expect((await getSettings(call(url))).name).toBe(settings.name);
    expect(asked.length, "the expired entry was asked of the API first").toBeGreaterThan(before);
    await expect(getSettings(call("https://never-seen.example/members"))).rejects.toMatchObject({
      init: { status: 503 },
    });
  } finally {
    down = false;
    vi.useRealTimers();
  }
});

test("interests whose hour ran out while the API is unavailable are the last ones fetched", async () => {
  const url = "https://outage.example/profile";
  expect(await getInterests(call(url))).toEqual(interests);
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(Date.now() + 3_601_000);
    down = true;
    const before = interestsAsked;
    expect(await getInterests(call(url))).toEqual(interests);
    expect(interestsAsked, "the expired entry was asked of the API first").toBeGreaterThan(before);
    await expect(getInterests(call("https://never-seen.example/profile"))).rejects.toMatchObject({
      init: { status: 503 },
    });
  } finally {
    down = false;
    vi.useRealTimers();
  }
});
