import { afterAll, beforeAll, expect, test } from "vitest";
import { clearSiteCache } from "../../api/settings/settings.service";
import { landerReportResponseSchema } from "../../contract/landers";
import { createSite } from "./support/factories";
import { httpTest, loggedInMember, mailedToken, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ SIGNUPS_PER_HOUR: "1000", LANDER_VISITS_PER_HOUR: "1000" });
});
afterAll(() => api.close());

const today = () => new Date().toISOString().slice(0, 10);
const visit = (domain: string, body: object, headers?: Record<string, string>) =>
  api.call("/api/lander-visit.php", { method: "POST", domain, body, headers });

async function moderatorOf(site: { id: number; domain: string }) {
  const m = await loggedInMember(api, site.domain, { siteId: site.id });
  await api.db.updateTable("users").set({ role: "moderator" }).where("id", "=", m.id).execute();
  return m;
}
const report = async (site: { domain: string }, cookie: string | undefined, query = "") =>
  api.call(`/api/lander-report.php${query}`, { domain: site.domain, cookie });

let n = 0;
const signup = (domain: string, tracking: object | undefined, overrides: Record<string, unknown> = {}) => {
  n += 1;
  return api.call("/api/signup.php", {
    method: "POST",
    domain,
    body: {
      gender: "female",
      seeking: "male",
      date_of_birth: "1994-03-02",
      country: "GB",
      name: `Lena${n}`,
      email: `lena${n}-${Date.now()}@example.com`,
      password: "a good password",
      language: "en",
      tracking,
      ...overrides,
    },
  });
};

// docs/product.md §3.11: a counter per day, lander, slug and traffic source; nothing about the visitor.
test("a first visit is counted by lander, slug and traffic source, and nothing else is kept", async () => {
  const site = await createSite(api.db);
  expect((await visit(site.domain, { lander: "tinderswipe", network: "n1" })).body).toEqual({ ok: true });
  await visit(site.domain, { lander: "tinderswipe", network: "n1" });
  await visit(site.domain, { lander: "landing2", slug: "milf-de", ref: "partner" });
  const rows = await api.db.selectFrom("lander_visits").selectAll().where("site_id", "=", site.id).execute();
  expect(rows.sort((a, b) => a.lander.localeCompare(b.lander))).toEqual([
    { site_id: site.id, day: today(), lander: "landing2", slug: "milf-de", network: "", ref: "partner", visits: 1 },
    { site_id: site.id, day: today(), lander: "tinderswipe", slug: "", network: "n1", ref: "", visits: 2 },
  ]);
});

test("twenty visits recorded at once count exactly twenty", async () => {
  const site = await createSite(api.db);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => visit(site.domain, { lander: "video", slug: "bbw-en", network: "n2" })),
  );
  expect(answers.every((a) => a.status === 200)).toBe(true);
  const row = await api.db
    .selectFrom("lander_visits")
    .select("visits")
    .where("site_id", "=", site.id)
    .executeTakeFirstOrThrow();
  expect(row.visits).toBe(20);
});

test("only known landers and slugs of letters and hyphens are counted", async () => {
  const site = await createSite(api.db);
  expect((await visit(site.domain, { lander: "nosuchlander" })).status).toBe(400);
  expect((await visit(site.domain, { lander: "video", slug: "Bad_Slug1" })).status).toBe(400);
  expect((await visit(site.domain, { lander: "video", slug: "a".repeat(41) })).status).toBe(400);
  expect((await visit(site.domain, { lander: "video", network: "n".repeat(101) })).status).toBe(400);
  expect(await api.db.selectFrom("lander_visits").selectAll().where("site_id", "=", site.id).execute()).toEqual([]);
});

// The web tier checks the browser's agent itself and sends none; a client that calls the API as a crawler is not counted.
httpTest("a caller whose user agent is a crawler's is answered but not counted", async () => {
  const site = await createSite(api.db);
  const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  expect((await visit(site.domain, { lander: "video" }, { "user-agent": googlebot })).body).toEqual({ ok: true });
  expect(await api.db.selectFrom("lander_visits").selectAll().where("site_id", "=", site.id).execute()).toEqual([]);
});

test("visits are limited per visitor address", async () => {
  const limited = await startTestApi({ LANDER_VISITS_PER_HOUR: "3" });
  try {
    const site = await createSite(limited.db);
    const from = (ip: string) =>
      limited.call("/api/lander-visit.php", {
        method: "POST",
        domain: site.domain,
        body: { lander: "gallery" },
        headers: { "x-forwarded-for": ip },
      });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).status).toBe(200);
    expect((await from("203.0.113.7")).body).toMatchObject({ error: "rate_limited" });
    expect((await from("203.0.113.8")).status).toBe(200);
  } finally {
    await limited.close();
  }
});

test("a signup keeps the lander and slug of the first visit with its traffic source", async () => {
  const site = await createSite(api.db);
  const { status, body } = await signup(site.domain, {
    network: "n1",
    sub1: "x",
    lander: "landing3",
    slug: "gilf-fr",
  });
  expect(status).toBe(201);
  const row = await api.db
    .selectFrom("users")
    .select("tracking")
    .where("id", "=", body.user.id)
    .executeTakeFirstOrThrow();
  expect(JSON.parse(row.tracking!)).toEqual({ network: "n1", sub1: "x", lander: "landing3", slug: "gilf-fr" });
  // What is not a lander, or not a slug, is refused.
  expect((await signup(site.domain, { lander: "elsewhere" })).body).toMatchObject({ error: "validation_failed" });
  expect((await signup(site.domain, { lander: "video", slug: "x".repeat(41) })).status).toBe(400);
  expect((await signup(site.domain, { lander: "video", slug: "DROP TABLE" })).status).toBe(400);
});

// docs/product.md §6.2: signups by the site's traffic-source rule; a lander alone is no traffic source.
test("a with_trafficsource site takes a lander's signup with a network, not the lander alone", async () => {
  const site = await createSite(api.db);
  await api.db.updateTable("sites").set({ signups: "with_trafficsource" }).where("id", "=", site.id).execute();
  clearSiteCache();
  const landerOnly = await signup(site.domain, { lander: "tinderswipe" });
  expect(landerOnly.status).toBe(403);
  expect(landerOnly.body).toMatchObject({ error: "signups_closed", data: { reason: "no_trafficsource" } });
  expect((await signup(site.domain, { lander: "tinderswipe", network: "n1" })).status).toBe(201);
  expect((await signup(site.domain, { lander: "landing", ref: "partner" })).status).toBe(201);
});

test("a site with signups closed takes none, with or without a traffic source; one open to all takes any", async () => {
  const closed = await createSite(api.db);
  await api.db.updateTable("sites").set({ signups: "other" }).where("id", "=", closed.id).execute();
  const open = await createSite(api.db);
  clearSiteCache();
  for (const tracking of [undefined, { network: "n1", lander: "video" }]) {
    const refused = await signup(closed.domain, tracking);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "signups_closed", data: { reason: "closed" } });
  }
  expect((await signup(open.domain, undefined)).status).toBe(201);
  expect((await signup(open.domain, { lander: "gallery" })).status).toBe(201);
});

test("the lander report is for the site's moderators only", async () => {
  const site = await createSite(api.db);
  const visitor = await report(site, undefined);
  expect(visitor.status).toBe(403);
  expect(visitor.body).toMatchObject({ error: "authentication_required" });
  const member = await loggedInMember(api, site.domain, { siteId: site.id });
  const refused = await report(site, member.cookie);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: "moderator_only" });
  // A moderator of another site is a member here, no more.
  const other = await createSite(api.db);
  const elsewhere = await moderatorOf(other);
  expect((await api.call("/api/lander-report.php", { domain: site.domain, cookie: elsewhere.cookie })).status).toBe(
    403,
  );
  const mod = await moderatorOf(site);
  expect((await report(site, mod.cookie)).status).toBe(200);
});

test("the report sets visits beside signups and activations per lander, slug and source, for the period", async () => {
  const site = await createSite(api.db);
  const mod = await moderatorOf(site);
  for (let i = 0; i < 4; i++) await visit(site.domain, { lander: "tinderswipe", network: "n1" });
  await visit(site.domain, { lander: "landing2", slug: "milf-de" });
  // Yesterday's and last year's visits, as the counter would have kept them.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await api.db
    .insertInto("lander_visits")
    .values([
      { site_id: site.id, day: yesterday, lander: "tinderswipe", network: "n1", visits: 6 },
      { site_id: site.id, day: "2025-01-15", lander: "tinderswipe", network: "n1", visits: 100 },
    ])
    .execute();

  const first = await signup(site.domain, { network: "n1", lander: "tinderswipe" });
  const second = await signup(site.domain, { network: "n1", lander: "tinderswipe", sub1: "ignored" });
  await signup(site.domain, { lander: "landing2", slug: "milf-de" });
  await signup(site.domain, { network: "n1" }); // no lander: not in the report
  await signup(site.domain, undefined);
  // The first activates from the mailed link.
  const token = await mailedToken(api, first.body.user.email, "/activate/done");
  expect((await api.call("/api/activate.php", { method: "POST", domain: site.domain, body: { token } })).status).toBe(
    200,
  );
  expect(second.status).toBe(201);

  const { body } = await report(site, mod.cookie);
  const parsed = landerReportResponseSchema.parse(body);
  expect(parsed.to).toBe(today());
  expect(parsed.rows).toEqual([
    { lander: "tinderswipe", slug: "", network: "n1", ref: "", visits: 10, signups: 2, activations: 1 },
    { lander: "landing2", slug: "milf-de", network: "", ref: "", visits: 1, signups: 1, activations: 0 },
  ]);
  expect(parsed.totals).toEqual({ visits: 11, signups: 3, activations: 1 });

  // Today only: yesterday's visits are out; signups were all today.
  const todayOnly = landerReportResponseSchema.parse(
    (await report(site, mod.cookie, `?from=${today()}&to=${today()}`)).body,
  );
  expect(todayOnly.rows[0]).toMatchObject({ lander: "tinderswipe", visits: 4, signups: 2 });
  // A period long ago: its visits, and none of today's signups.
  const past = landerReportResponseSchema.parse(
    (await report(site, mod.cookie, "?from=2025-01-01&to=2025-01-31")).body,
  );
  expect(past.rows).toEqual([
    { lander: "tinderswipe", slug: "", network: "n1", ref: "", visits: 100, signups: 0, activations: 0 },
  ]);
  // A period that ends before it starts, or a day that is none, is refused.
  expect((await report(site, mod.cookie, "?from=2025-02-01&to=2025-01-01")).status).toBe(400);
  expect((await report(site, mod.cookie, "?from=yesterday")).status).toBe(400);
});
