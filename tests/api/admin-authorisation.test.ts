import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Endpoint, endpoints } from "../../contract/endpoints";
import { createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

/**
 * Issue 33: every staff endpoint of the contract refuses those it is not for, before it reads anything: derived from
 * contract/endpoints.ts, so a new endpoint under /api/admin/ or /api/staff/ cannot skip the check.
 */
const staffEndpoints = (endpoints as readonly Endpoint[]).filter((e) => e.staff);
const adminEndpoints = staffEndpoints.filter((e) => e.staff === "admin");

let api: TestApi;
let site: { id: number; domain: string };
const cookies: Record<"member" | "moderator", string> = { member: "", moderator: "" };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000" });
  site = await createSite(api.db);
  for (const role of ["member", "moderator"] as const)
    cookies[role] = (await loggedInMember(api, site.domain, { siteId: site.id, role })).cookie;
});
afterAll(() => api.close());

const callAs = (endpoint: Endpoint, cookie?: string) =>
  api.call(endpoint.path, {
    method: endpoint.method.toUpperCase(),
    domain: site.domain,
    cookie,
    ...(endpoint.method !== "get" && { body: {} }),
  });

test("every endpoint under /api/admin/ is an admin endpoint, and every one under /api/staff/ a staff one", () => {
  expect(adminEndpoints.length).toBeGreaterThan(0);
  for (const endpoint of endpoints as readonly Endpoint[]) {
    const { staff } = endpoint;
    if (endpoint.path.startsWith("/api/admin/")) expect(staff, endpoint.path).toBe("admin");
    if (endpoint.path.startsWith("/api/staff/")) expect(staff, endpoint.path).toBe("staff");
  }
});

describe.each(adminEndpoints.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))("%s", (_, endpoint) => {
  test("answers 401 without a session", async () => {
    const answer = await callAs(endpoint);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("authentication_required");
  });
  test.each(["member", "moderator"] as const)("answers 403 admin_only to a %s", async (role) => {
    const answer = await callAs(endpoint, cookies[role]);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("admin_only");
  });
});

describe.each(
  staffEndpoints.filter((e) => e.staff === "staff").map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const),
)("%s", (_, endpoint) => {
  test("answers 401 without a session and 403 staff_only to a member", async () => {
    expect((await callAs(endpoint)).status).toBe(401);
    const answer = await callAs(endpoint, cookies.member);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("staff_only");
  });
});
