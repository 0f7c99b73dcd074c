import { afterAll, beforeAll, expect, test } from "vitest";
import { clearSiteCache } from "../../api/settings/settings.service";
import { landerMapResponseSchema, landerResponseSchema } from "../../contract/niche-landers";
import { createMember, createSite, type MemberOptions } from "./support/factories";
import { cookieFrom, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "1000" });
});
afterAll(() => api.close());

/** A site of its own per test, with the given niche (1 none … 7 gay). */
async function site(niche = 1) {
  const made = await createSite(api.db);
  await api.db.updateTable("sites").set({ niche }).where("id", "=", made.id).execute();
  clearSiteCache();
  const member = (options: MemberOptions = {}) => createMember(api.db, made.id, { photos: 1, ...options });
  return { ...made, member };
}

const lander = async (domain: string, query = "") => {
  const { status, body } = await api.call(`/api/lander.php${query}`, { domain });
  expect(status, JSON.stringify(body)).toBe(200);
  return landerResponseSchema.strict().parse(body);
};

/** Every way a member is hidden from others (docs/product.md §4.2), each on a member of its own with a photo. */
async function hideEach(s: Awaited<ReturnType<typeof site>>) {
  const at = new Date().toISOString();
  const ids = [];
  for (const hide of ["invisible", "banned", "suspended", "hidden", "not_confirmed", "pending_deletion"] as const) {
    const m = await s.member({ name: `Hidden ${hide}` });
    ids.push(m.id);
    if (hide === "invisible")
      await api.db.updateTable("profiles").set({ invisible: 1 }).where("user_id", "=", m.id).execute();
    if (hide === "hidden")
      await api.db.updateTable("profiles").set({ hidden_at: at }).where("user_id", "=", m.id).execute();
    if (hide === "banned") await api.db.updateTable("users").set({ banned_at: at }).where("id", "=", m.id).execute();
    if (hide === "suspended")
      await api.db
        .updateTable("users")
        .set({ suspended_until: new Date(Date.now() + 86_400_000).toISOString() })
        .where("id", "=", m.id)
        .execute();
    if (hide === "not_confirmed" || hide === "pending_deletion")
      await api.db.updateTable("users").set({ status: hide }).where("id", "=", m.id).execute();
  }
  return ids;
}

test("lander.php: the site's visible members with a photo, most recently active first; never a hidden one", async () => {
  const s = await site();
  const older = await s.member({ name: "Older" });
  await s.member({ name: "Newer" });
  await s.member({ name: "NoPhoto", photos: 0 });
  await api.db
    .updateTable("users")
    .set({ last_seen_at: "2020-01-01T00:00:00.000Z" })
    .where("id", "=", older.id)
    .execute();
  await hideEach(s);
  const answer = await lander(s.domain, "?active=1");
  expect(answer.niche).toBe("none");
  expect(answer.profiles.map((p) => p.name)).toEqual(["Newer", "Older"]);
  expect(answer.profiles[0]!.about).toBe("Hello");
  // A count of who was here today (with a photo or not), never who: the older member was not.
  expect(answer.active_today).toBe(2);
  // Not asked for, not counted.
  expect((await lander(s.domain)).active_today).toBeNull();
  expect(answer.video).toEqual({ url: "/landers/heartline-demo.mp4", poster: "/landers/heartline-demo-poster.jpg" });
});

test("lander.php: a member's own lander leaves them out, and members they blocked or who blocked them", async () => {
  const s = await site();
  const viewer = await s.member({ name: "Viewer" });
  const blocked = await s.member({ name: "Blocked" });
  await s.member({ name: "Other" });
  await api.db
    .insertInto("blocks")
    .values({ blocker_id: viewer.id, blocked_id: blocked.id, created_at: new Date().toISOString() })
    .execute();
  const login = await api.call("/api/user.php", {
    method: "POST",
    domain: s.domain,
    body: { email: viewer.email, password: viewer.password },
  });
  const { body } = await api.call("/api/lander.php", { domain: s.domain, cookie: cookieFrom(login.headers)! });
  expect(landerResponseSchema.parse(body).profiles.map((p) => p.name)).toEqual(["Other"]);
});

test("lander.php: the niche chooses whom it features, by the fields a profile has", async () => {
  const s = await site();
  const year = new Date().getUTCFullYear();
  await s.member({ name: "Young", gender: "female", dateOfBirth: `${year - 25}-01-01` });
  await s.member({ name: "Mature", gender: "female", dateOfBirth: `${year - 45}-01-01` });
  await s.member({ name: "Senior", gender: "female", dateOfBirth: `${year - 63}-01-01` });
  await s.member({ name: "MatureMan", gender: "male", dateOfBirth: `${year - 45}-01-01` });
  const curvy = await s.member({ name: "Curvy", gender: "female", dateOfBirth: `${year - 30}-01-01` });
  await api.db.updateTable("profiles").set({ body_type: "curvy" }).where("user_id", "=", curvy.id).execute();
  const shown = await s.member({ name: "GayShown", gender: "male", sexuality: "gay" });
  await api.db.updateTable("profiles").set({ sexuality_public: 1 }).where("user_id", "=", shown.id).execute();
  // Orientation kept private is never told by a lander.
  await s.member({ name: "GayPrivate", gender: "male", sexuality: "gay" });

  const names = async (niche: string) => {
    const answer = await lander(s.domain, `?niche=${niche}`);
    expect(answer.niche).toBe(niche);
    return answer.profiles.map((p) => p.name).sort();
  };
  expect(await names("milf")).toEqual(["Mature"]);
  expect(await names("gilf")).toEqual(["Senior"]);
  expect(await names("bbw")).toEqual(["Curvy"]);
  expect(await names("gay")).toEqual(["GayShown"]);
  expect((await names("none")).length).toBe(7);
  expect((await names("bdsm")).length).toBe(7);
});

test("lander.php: the site's niche applies without a slug; a niche nobody fits shows everyone, and says so", async () => {
  const s = await site(7);
  await s.member({ name: "Woman", gender: "female" });
  const empty = await lander(s.domain);
  expect(empty.niche).toBe("none");
  expect(empty.profiles.map((p) => p.name)).toEqual(["Woman"]);
  const man = await s.member({ name: "Man", gender: "male", sexuality: "bi" });
  await api.db.updateTable("profiles").set({ sexuality_public: 1 }).where("user_id", "=", man.id).execute();
  const gay = await lander(s.domain);
  expect(gay.niche).toBe("gay");
  expect(gay.profiles.map((p) => p.name)).toEqual(["Man"]);
});

test("lander.php: twelve members at most; the about-me only where the site shows it; no video unless set", async () => {
  const s = await site();
  for (let i = 0; i < 14; i++) await s.member();
  await api.db
    .updateTable("sites")
    .set({ visible_profile_notes: "[]", lander_video_url: null, lander_video_poster: null })
    .where("id", "=", s.id)
    .execute();
  clearSiteCache();
  const answer = await lander(s.domain);
  expect(answer.profiles).toHaveLength(12);
  expect(answer.profiles.every((p) => p.about === null)).toBe(true);
  expect(answer.video).toBeNull();
});

test("lander.php refuses a niche that is not one", async () => {
  const s = await site();
  expect((await api.call("/api/lander.php?niche=teen", { domain: s.domain })).status).toBe(400);
});

test("lander-map.php: visible members per region of one country the site serves, placed by the gazetteer", async () => {
  const s = await site();
  await api.db
    .insertInto("regions")
    .values(["NH", "ZH", "GR"].map((code) => ({ code: `NL-${code}`, country: "NL", name: code })))
    .onConflict((c) => c.doNothing())
    .execute();
  await s.member({ country: "NL", region: "NL-NH" });
  await s.member({ country: "NL", region: "NL-NH", photos: 0 });
  await s.member({ country: "NL", region: "NL-ZH" });
  await s.member({ country: "DE", region: "DE-BY" });
  const [hidden] = await hideEach(s);
  await api.db.updateTable("profiles").set({ country: "NL", region: "NL-ZH" }).where("user_id", "=", hidden!).execute();

  const { status, body } = await api.call("/api/lander-map.php?country=NL", { domain: s.domain });
  expect(status).toBe(200);
  const map = landerMapResponseSchema.strict().parse(body);
  expect(map.country).toBe("NL");
  const counts = Object.fromEntries(map.regions.map((r) => [r.code, r.members]));
  // Members without a photo count: they live there all the same.
  expect(counts["NL-NH"]).toBe(2);
  expect(counts["NL-ZH"]).toBe(1);
  expect(counts["NL-GR"]).toBe(0);
  expect(map.regions.every((r) => r.lat !== null && r.lat > 50 && r.lat < 54)).toBe(true);
  expect(map.places.length).toBeGreaterThan(map.regions.length);

  // A country the site does not serve gives its default country.
  const other = landerMapResponseSchema.parse(
    (await api.call("/api/lander-map.php?country=JP", { domain: s.domain })).body,
  );
  expect(other.country).toBe("GB");
});
