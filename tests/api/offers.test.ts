import pino from "pino";
import { afterAll, beforeAll, expect, test } from "vitest";
import { cachedFeed, remoteFeed } from "../../api/adapters/offers/partner-feed";
import { clearSiteCache } from "../../api/settings/settings.service";
import { offersResponseSchema } from "../../contract/offers";
import { createSite } from "./support/factories";
import { startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const silent = pino({ level: "silent" });
const offer = (id: string) => ({
  id,
  kind: "camera",
  name: `Partner ${id}`,
  age: 30,
  headline: "Example",
  image: `/offers/${id}.svg`,
  url: `https://partner.example/${id}`,
  partner: "Example",
});

// docs/product.md §2.26: the side offer exists only where the site sets member_resell.
test("offers.php answers 404 unless the site sets member_resell, then the embedded feed's partner offers", async () => {
  const site = await createSite(api.db);
  await api.db.updateTable("sites").set({ member_resell: 0 }).where("id", "=", site.id).execute();
  clearSiteCache();
  expect((await api.call("/api/offers.php", { domain: site.domain })).status).toBe(404);
  await api.db.updateTable("sites").set({ member_resell: 1 }).where("id", "=", site.id).execute();
  clearSiteCache();
  const { status, body } = await api.call("/api/offers.php", { domain: site.domain });
  expect(status).toBe(200);
  const answer = offersResponseSchema.parse(body);
  expect(answer.available).toBe(true);
  expect(answer.offers.map((o) => o.kind).sort()).toEqual(["camera", "camera", "camera", "resell", "resell"]);
  // Everything on the page comes from the site itself.
  expect(answer.offers.every((o) => o.image.startsWith("/offers/"))).toBe(true);
});

test("a partner feed is read with a retry, leaves out entries that are not offers, and is kept a while", async () => {
  let calls = 0;
  const fetchImpl = (async () => {
    calls += 1;
    if (calls === 1) throw new Error("connection reset");
    return Response.json({ offers: [offer("a"), { ...offer("b"), url: "javascript:alert(1)" }, offer("c")] });
  }) as unknown as typeof fetch;
  const read = cachedFeed(remoteFeed("https://feed.example/offers.json", silent, { fetchImpl }), 300, silent);
  expect((await read())?.map((o) => o.id)).toEqual(["a", "c"]);
  expect(calls).toBe(2);
  await read();
  expect(calls).toBe(2);
});

test("a feed that keeps failing reads as unavailable, and is not asked again at once", async () => {
  let calls = 0;
  const fetchImpl = (async () => {
    calls += 1;
    return new Response("down", { status: 503 });
  }) as unknown as typeof fetch;
  const read = cachedFeed(remoteFeed("https://feed.example/offers.json", silent, { fetchImpl }), 300, silent);
  expect(await read()).toBeNull();
  expect(calls).toBe(2);
  expect(await read()).toBeNull();
  expect(calls).toBe(2);
});

test("a feed that does not answer in time fails rather than holding the page", async () => {
  const fetchImpl = ((_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) =>
      init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
    )) as unknown as typeof fetch;
  const started = Date.now();
  const read = cachedFeed(
    remoteFeed("https://feed.example/offers.json", silent, { fetchImpl, timeoutMs: 50 }),
    0,
    silent,
  );
  expect(await read()).toBeNull();
  expect(Date.now() - started).toBeLessThan(2000);
});
