import { afterAll, beforeAll, expect, test } from "vitest";
import { openApiDocument } from "../../contract/openapi";
import {
  companyInfoResponseSchema,
  interestsResponseSchema,
  regionsResponseSchema,
  settingsSchema,
} from "../../contract/settings";
import { createSite } from "./support/factories";
import { startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;

beforeAll(async () => {
  api = await startTestApi();
  domain = (await createSite(api.db)).domain;
  await api.db
    .insertInto("regions")
    .values([
      { code: "NL-NH", country: "NL", name: "Noord-Holland" },
      { code: "DE-BE", country: "DE", name: "Berlin" },
    ])
    .execute();
  await api.db
    .insertInto("interests")
    .values({ slug: "travel", names: JSON.stringify({ en: "Travel", de: "Reisen" }) })
    .execute();
});
afterAll(() => api.close());

test("settings.php answers every Settings field for the forced domain", async () => {
  const { status, body } = await api.call(`/api/settings.php?domain=${domain}&network=abc`);
  expect(status).toBe(200);
  const settings = settingsSchema.strict().parse(body);
  expect(settings.domain).toBe(domain);
  expect(settings.signup_credits).toBe(20);
  expect(settings.languages).toEqual(["en", "nl", "de", "it", "fr", "es", "pl", "da", "fi", "no", "sv"]);
  expect(settings.geoip_country).toBeNull();
  expect(settings.geoip_selected_country).toBe("GB");
});

test("settings.php finds the site by the forwarded host; CF-IPCountry is not believed unless configured", async () => {
  const { status, body } = await api.call("/api/settings.php", {
    domain: `${domain}:3000`,
    headers: { "cf-ipcountry": "NL" },
  });
  expect(status).toBe(200);
  expect(body.domain).toBe(domain);
  expect(body.geoip_country).toBeNull();
});

test("behind Cloudflare (TRUST_CF_HEADERS=true) the visitor's country is read, as two capital letters only", async () => {
  const behindCloudflare = await startTestApi({ TRUST_CF_HEADERS: "true" });
  try {
    const site = await createSite(behindCloudflare.db);
    const nl = await behindCloudflare.call("/api/settings.php", {
      domain: site.domain,
      headers: { "cf-ipcountry": "NL" },
    });
    expect(nl.body).toMatchObject({ geoip_country: "NL", geoip_selected_country: "NL" });
    for (const forged of ["nl", "NLD", "N<", "X1"]) {
      const answer = await behindCloudflare.call("/api/settings.php", {
        domain: site.domain,
        headers: { "cf-ipcountry": forged },
      });
      expect(answer.body.geoip_country).toBeNull();
    }
  } finally {
    await behindCloudflare.close();
  }
});

test("an unknown domain is a 404 site_not_found", async () => {
  const { status, body } = await api.call("/api/settings.php?domain=nowhere.test");
  expect(status).toBe(404);
  expect(body.error).toBe("site_not_found");
});

test("interests.php lists interests with their names per language", async () => {
  const { body } = await api.call("/api/interests.php", { domain });
  const { interests } = interestsResponseSchema.parse(body);
  expect(interests).toEqual([expect.objectContaining({ slug: "travel", names: { en: "Travel", de: "Reisen" } })]);
});

test("regions.php lists the regions of the site's countries, or of one country", async () => {
  const all = regionsResponseSchema.parse((await api.call("/api/regions.php", { domain })).body);
  expect(all.regions.map((r) => r.code).sort()).toEqual(["DE-BE", "NL-NH"]);
  const nl = regionsResponseSchema.parse((await api.call("/api/regions.php?country=NL", { domain })).body);
  expect(nl.regions).toEqual([{ code: "NL-NH", country: "NL", name: "Noord-Holland" }]);
  expect((await api.call("/api/regions.php?country=Netherlands", { domain })).status).toBe(400);
});

test("companyinfo.php answers the company behind the site", async () => {
  const { body } = await api.call("/api/companyinfo.php", { domain });
  const { companyinfo } = companyInfoResponseSchema.parse(body);
  expect(companyinfo.name).toBe("Heartline Media B.V.");
  expect(companyinfo.delete_discount.length).toBeGreaterThan(0);
});

test("openapi.json documents every endpoint from the contract", async () => {
  const { status, body } = await api.call("/api/openapi.json");
  expect(status).toBe(200);
  expect(body.openapi).toBe("3.0.3");
  expect(Object.keys(body.paths)).toEqual(
    expect.arrayContaining([
      "/api/settings.php",
      "/api/user.php",
      "/api/logout.php",
      "/api/page-hidden.php",
      "/api/interests.php",
    ]),
  );
  expect(Object.keys(body.paths["/api/user.php"])).toEqual(["get", "post", "put", "delete"]);
  expect(Object.keys(body.paths)).toEqual(
    expect.arrayContaining(["/api/signup.php", "/api/members.php", "/api/like.php", "/api/swipe.php"]),
  );
  expect(body.paths["/api/user.php"].post.requestBody.content["application/json"].schema.required).toEqual([
    "email",
    "password",
  ]);
  // The document of this process names its session cookie (`sid` outside production): contract/openapi.test.ts
  // lints and compiles against the same generator.
  expect(body).toEqual(openApiDocument({ sessionCookie: "sid" }));
});

test("an unknown endpoint is a 404 in the error shape", async () => {
  const { status, body } = await api.call("/api/nothing.php", { domain });
  expect(status).toBe(404);
  expect(body).toEqual({ error: "not_found", message: "No such endpoint" });
});
