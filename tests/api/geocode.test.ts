import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

/** A stand-in for a Nominatim `/reverse`: answers by latitude, and fails the first call of a position once. */
function fakeNominatim() {
  const failedOnce = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://localhost");
    const lat = url.searchParams.get("lat")!;
    if (url.searchParams.get("format") !== "jsonv2") return void res.writeHead(400).end();
    if (lat.startsWith("53.") && !failedOnce.has(lat)) {
      failedOnce.add(lat);
      return void res.writeHead(503).end();
    }
    const address = lat.startsWith("35.")
      ? { country_code: "jp", "ISO3166-2-lvl4": "JP-13", city: "Tokyo" }
      : { country_code: "gb", "ISO3166-2-lvl4": "GB-ENG", town: "Warrington" };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ address }));
  });
  server.listen(0, "127.0.0.1");
  return server;
}

let offline: TestApi;
let external: TestApi;
let nominatim: http.Server;

async function setUp(api: TestApi) {
  const site = await createSite(api.db);
  await api.db
    .insertInto("regions")
    .values([
      { code: "NL-NH", country: "NL", name: "Noord-Holland" },
      { code: "GB-ENG", country: "GB", name: "England" },
    ])
    .execute();
  const member = await loggedInMember(api, site.domain, { siteId: site.id });
  return (query: string, cookie: string | undefined = member.cookie) =>
    api.call(`/api/geocode.php?${query}`, { domain: site.domain, cookie });
}

let askOffline: Awaited<ReturnType<typeof setUp>>;
let askExternal: Awaited<ReturnType<typeof setUp>>;

beforeAll(async () => {
  nominatim = fakeNominatim();
  await new Promise((resolve) => nominatim.once("listening", resolve));
  const port = (nominatim.address() as AddressInfo).port;
  offline = await startTestApi();
  askOffline = await setUp(offline);
  external = await startTestApi({ GEOCODER_URL: `http://127.0.0.1:${port}/reverse` });
  askExternal = await setUp(external);
});
afterAll(async () => {
  await offline.close();
  await external.close();
  nominatim.close();
});

test("the embedded gazetteer names the nearest known city of the site, and nothing far from one", async () => {
  const amsterdam = await askOffline("lat=52.3731&lon=4.8922");
  expect(amsterdam.status).toBe(200);
  expect(amsterdam.body).toEqual({ geocode: { country: "NL", region: "NL-NH", city: "Amsterdam" } });
  const london = await askOffline("lat=51.5072&lon=-0.1276");
  expect(london.body.geocode).toEqual({ country: "GB", region: "GB-ENG", city: "London" });

  const atlantic = await askOffline("lat=40&lon=-30");
  expect(atlantic.status).toBe(404);
  expect((await askOffline("lat=91&lon=0")).status).toBe(400);
  expect((await askOffline("lat=52.37&lon=4.89", "")).status).toBe(403);
  // The position is not logged anywhere.
  expect(JSON.stringify(offline.logs)).not.toContain("52.3731");
});

test("an external geocoder by URL is asked again once when it fails, and only the site's countries are answered", async () => {
  const warrington = await askExternal("lat=53.39&lon=-2.59");
  expect(warrington.status).toBe(200);
  expect(warrington.body.geocode).toEqual({ country: "GB", region: "GB-ENG", city: "Warrington" });
  // Japan is no country of the demo site.
  expect((await askExternal("lat=35.68&lon=139.69")).status).toBe(404);
});
