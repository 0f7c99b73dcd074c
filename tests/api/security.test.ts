import { afterAll, beforeAll, expect, test } from "vitest";
import { createMember, createSite } from "./support/factories";
import { cookieFrom, httpTest, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  // A low per-IP login limit, so the limit itself can be seen.
  api = await startTestApi({ LOGIN_RATE_PER_IP: "6" });
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

httpTest("every answer carries the security headers", async () => {
  const { headers } = await api.call("/api/settings.php", { domain });
  expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-powered-by")).toBeNull();
});

test("a state-changing request from a foreign origin is refused", async () => {
  const member = await createMember(api.db, siteId);
  const body = { email: member.email, password: member.password };
  const foreign = await api.call("/api/user.php", {
    method: "POST",
    body,
    domain,
    headers: { origin: "https://evil.example" },
  });
  expect(foreign.status).toBe(403);
  expect(foreign.body.error).toBe("forbidden_origin");
  const crossSite = await api.call("/api/user.php", {
    method: "POST",
    body,
    domain,
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status).toBe(403);
  const own = await api.call("/api/user.php", {
    method: "POST",
    body,
    domain,
    headers: { origin: `http://${domain}` },
  });
  expect(own.status).toBe(200);
  // Reading is not state-changing: a GET from anywhere is answered.
  expect((await api.call("/api/settings.php", { domain, headers: { origin: "https://evil.example" } })).status).toBe(
    200,
  );
});

test("login attempts are limited per address across accounts", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const { status } = await api.call("/api/user.php", {
      method: "POST",
      body: { email: `guess${i}@example.com`, password: "guess" },
      domain,
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    statuses.push(status);
  }
  expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(6)).toEqual([429, 429]);
  // Another address is not affected.
  const other = await api.call("/api/user.php", {
    method: "POST",
    body: { email: "x@example.com", password: "guess" },
    domain,
    headers: { "x-forwarded-for": "203.0.113.10" },
  });
  expect(other.status).toBe(401);
});

test("old-password checks (password change, e-mail change, deletion) share the per-address login limit", async () => {
  const member = await createMember(api.db, siteId);
  const login = await api.call("/api/user.php", {
    method: "POST",
    body: { email: member.email, password: member.password },
    domain,
    headers: { "x-forwarded-for": "203.0.113.40" },
  });
  const cookie = cookieFrom(login.headers);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const { status } = await api.call("/api/password.php", {
      method: "PUT",
      domain,
      cookie,
      headers: { "x-forwarded-for": "203.0.113.40" },
      body: { old_password: `guess ${i}`, new_password: "a good new secret" },
    });
    statuses.push(status);
  }
  // One login and five guesses fit in the limit of six; the sixth guess does not.
  expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
  expect(statuses[5]).toBe(429);
});
