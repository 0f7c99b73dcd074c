import { afterAll, beforeAll, expect, test } from "vitest";
import { clearSiteCache } from "../../api/settings/settings.service";
import { activateResponseSchema } from "../../contract/account";
import { landerProfilesResponseSchema } from "../../contract/members";
import { landingResponseSchema, sitemapResponseSchema } from "../../contract/seo";
import { createMember, createSite, type MemberOptions } from "./support/factories";
import { cookieFrom, mailedToken, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;

beforeAll(async () => {
  // Many members log in here, all from one address: the per-address limit is the security suite's subject.
  api = await startTestApi({ LOGIN_RATE_PER_IP: "1000" });
});
afterAll(() => api.close());

/** A site of its own per test, with pages about members indexed or not. */
async function site(indexMemberPages: boolean) {
  const made = await createSite(api.db);
  await api.db
    .updateTable("sites")
    .set({ index_member_pages: indexMemberPages ? 1 : 0, visible_profile_notes: JSON.stringify(["about"]) })
    .where("id", "=", made.id)
    .execute();
  clearSiteCache();
  const member = async (options: MemberOptions = {}) => {
    const m = await createMember(api.db, made.id, options);
    const login = await api.call("/api/user.php", {
      method: "POST",
      domain: made.domain,
      body: { email: m.email, password: m.password },
    });
    return { ...m, cookie: cookieFrom(login.headers)! };
  };
  return { ...made, member };
}

/** Every way a member is hidden from others (docs/product.md §4.2), each applied to a member of its own. */
async function hiddenMembers(s: Awaited<ReturnType<typeof site>>) {
  const invisible = await s.member({ name: "Invisible" });
  const hide = await api.call("/api/invisible.php", {
    method: "PUT",
    domain: s.domain,
    cookie: invisible.cookie,
    body: { invisible: true },
  });
  expect(hide.status).toBe(200);
  const leaving = await s.member({ name: "Leaving" });
  const leave = await api.call("/api/user.php", {
    method: "DELETE",
    domain: s.domain,
    cookie: leaving.cookie,
    body: { password: leaving.password },
  });
  expect(leave.status).toBe(200);
  const banned = await s.member({ name: "Banned" });
  await api.db.updateTable("users").set({ banned_at: new Date().toISOString() }).where("id", "=", banned.id).execute();
  const suspended = await s.member({ name: "Suspended" });
  await api.db
    .updateTable("users")
    .set({ suspended_until: new Date(Date.now() + 86_400_000).toISOString() })
    .where("id", "=", suspended.id)
    .execute();
  const hiddenByModerator = await s.member({ name: "HiddenProfile" });
  await api.db
    .updateTable("profiles")
    .set({ hidden_at: new Date().toISOString() })
    .where("user_id", "=", hiddenByModerator.id)
    .execute();
  const notConfirmed = await s.member({ name: "NotConfirmed" });
  await api.db.updateTable("users").set({ status: "not_confirmed" }).where("id", "=", notConfirmed.id).execute();
  return [invisible, leaving, banned, suspended, hiddenByModerator, notConfirmed];
}

test("landing.php serves a visible member's card and about-me to visitors, with no side effect", async () => {
  const s = await site(false);
  const shown = await s.member({ name: "Shown", photos: 1, dateOfBirth: "1990-06-15" });
  const { status, body } = await api.call(`/api/landing.php?id=${shown.id}`, { domain: s.domain });
  expect(status).toBe(200);
  const { profile } = landingResponseSchema.strict().parse(body);
  expect(profile).toMatchObject({ id: shown.id, name: "Shown", city: "London", about: "Hello", fictional: false });
  expect(profile.main_image?.match).toMatch(/^\/uploads\/photos\/p\d+-0\.jpg$/);
});

test("landing.php keeps the about-me back where the site does not show it", async () => {
  const s = await site(false);
  await api.db.updateTable("sites").set({ visible_profile_notes: "[]" }).where("id", "=", s.id).execute();
  clearSiteCache();
  const shown = await s.member();
  const { body } = await api.call(`/api/landing.php?id=${shown.id}`, { domain: s.domain });
  expect(body.profile.about).toBeNull();
});

test("landing.php answers 404 for every hidden member, for another site's member and for a bad id", async () => {
  const s = await site(true);
  for (const [index, hidden] of (await hiddenMembers(s)).entries()) {
    const answer = await api.call(`/api/landing.php?id=${hidden.id}`, { domain: s.domain });
    expect(answer.status, `hidden member ${index}`).toBe(404);
    expect(answer.body.error).toBe("not_found");
  }
  const other = await site(true);
  const elsewhere = await other.member();
  expect((await api.call(`/api/landing.php?id=${elsewhere.id}`, { domain: s.domain })).status).toBe(404);
  expect((await api.call("/api/landing.php?id=abc", { domain: s.domain })).status).toBe(400);
});

test("landing.php hides members who blocked the viewer, or whom the viewer blocked", async () => {
  const s = await site(false);
  const viewer = await s.member({ name: "Viewer" });
  const blocker = await s.member({ name: "Blocker" });
  const blocked = await s.member({ name: "Blocked" });
  await api.call("/api/block.php", {
    method: "POST",
    domain: s.domain,
    cookie: blocker.cookie,
    body: { id: viewer.id },
  });
  await api.call("/api/block.php", {
    method: "POST",
    domain: s.domain,
    cookie: viewer.cookie,
    body: { id: blocked.id },
  });
  for (const id of [blocker.id, blocked.id]) {
    expect((await api.call(`/api/landing.php?id=${id}`, { domain: s.domain, cookie: viewer.cookie })).status).toBe(404);
    // A visitor still sees them: the block is between the two members only.
    expect((await api.call(`/api/landing.php?id=${id}`, { domain: s.domain })).status).toBe(200);
  }
});

test("sitemap.php lists no member unless the site lets search engines index pages about members", async () => {
  const s = await site(false);
  await s.member();
  const { status, body } = await api.call("/api/sitemap.php", { domain: s.domain });
  expect(status).toBe(200);
  expect(sitemapResponseSchema.strict().parse(body)).toEqual({ members: [] });
});

test("sitemap.php lists this site's visible members only, the most recently active first", async () => {
  const s = await site(true);
  const older = await s.member({ name: "Older" });
  const newer = await s.member({ name: "Newer" });
  await api.db
    .updateTable("users")
    .set({ last_seen_at: "2020-01-01T00:00:00.000Z" })
    .where("id", "=", older.id)
    .execute();
  const hidden = await hiddenMembers(s);
  const other = await site(true);
  const elsewhere = await other.member();

  const { members } = sitemapResponseSchema.parse((await api.call("/api/sitemap.php", { domain: s.domain })).body);
  // The hidden members logged in last, so they would come first if they were listed.
  expect(members).toEqual([newer.id, older.id]);
  for (const id of [...hidden.map((h) => h.id), elsewhere.id]) expect(members).not.toContain(id);
});

/** A signup from a member's page or landing (profile_id), then its activation link followed (`before` in between). */
async function signUpFrom(s: Awaited<ReturnType<typeof site>>, profileId: number, before?: () => Promise<void>) {
  const email = `landed-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await api.call("/api/signup.php", {
    method: "POST",
    domain: s.domain,
    body: {
      gender: "male",
      seeking: "female",
      date_of_birth: "1990-04-02",
      country: "GB",
      name: "Landed",
      email,
      password: "a good password",
      language: "en",
      profile_id: profileId,
    },
  });
  expect(signup.status).toBe(201);
  await before?.();
  const token = await mailedToken(api, email, "/activate/done");
  return api.call("/api/activate.php", { method: "POST", domain: s.domain, body: { token } });
}

test("the member a visitor signed up to meet is the first to write to after activation", async () => {
  const s = await site(false);
  const wanted = await s.member({ name: "Wanted" });
  const activated = await signUpFrom(s, wanted.id);
  expect(activated.status).toBe(200);
  expect(activateResponseSchema.strict().parse(activated.body)).toEqual({ ok: true, write_to: wanted.id });
});

test("a member who is hidden by then, or was never visible, is not offered after activation", async () => {
  const s = await site(false);
  const [invisible] = await hiddenMembers(s);
  // Hidden before the signup: not even kept.
  expect((await signUpFrom(s, invisible!.id)).body).toEqual({ ok: true, write_to: null });
  const other = await site(false);
  expect((await signUpFrom(s, (await other.member()).id)).body).toEqual({ ok: true, write_to: null });

  // Visible at signup, hidden by the time the link is followed.
  const wanted = await s.member({ name: "Wanted" });
  const activated = await signUpFrom(s, wanted.id, async () => {
    const hide = await api.call("/api/invisible.php", {
      method: "PUT",
      domain: s.domain,
      cookie: wanted.cookie,
      body: { invisible: true },
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
  });
  expect(activated.body).toEqual({ ok: true, write_to: null });
});

test("lander-profiles.php: real visible members with a photo, the most recently active first, never a hidden one", async () => {
  const s = await site(false);
  const older = await s.member({ name: "Older", photos: 1 });
  const newer = await s.member({ name: "Newer", photos: 2 });
  await s.member({ name: "NoPhoto" });
  await api.db
    .updateTable("users")
    .set({ last_seen_at: "2020-01-01T00:00:00.000Z" })
    .where("id", "=", older.id)
    .execute();
  const hidden = await hiddenMembers(s);
  for (const h of hidden)
    await api.db
      .insertInto("photos")
      .values({
        user_id: h.id,
        filename: `h${h.id}.jpg`,
        thumb_filename: `h${h.id}-t.jpg`,
        status: "active",
        is_main: 1,
        created_at: new Date().toISOString(),
      })
      .execute();

  const { status, body } = await api.call("/api/lander-profiles.php", { domain: s.domain });
  expect(status).toBe(200);
  const { profiles } = landerProfilesResponseSchema.strict().parse(body);
  expect(profiles.map((p) => p.id)).toEqual([newer.id, older.id]);
  expect(profiles.every((p) => p.main_image !== null)).toBe(true);
});

test("lander-profiles.php gives at most ten members", async () => {
  const s = await site(false);
  for (let i = 0; i < 12; i++) await createMember(api.db, s.id, { photos: 1 });
  const { body } = await api.call("/api/lander-profiles.php", { domain: s.domain });
  expect(body.profiles).toHaveLength(10);
});

test("lander-profiles.php with ids: the members named whom the visitor may still see, with a photo, in the order named", async () => {
  const s = await site(false);
  const first = await s.member({ name: "First", photos: 1 });
  const second = await s.member({ name: "Second", photos: 1 });
  const noPhoto = await s.member({ name: "NoPhoto" });
  const [hidden] = await hiddenMembers(s);
  await api.db
    .insertInto("photos")
    .values({
      user_id: hidden!.id,
      filename: `h${hidden!.id}.jpg`,
      thumb_filename: `h${hidden!.id}-t.jpg`,
      status: "active",
      is_main: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  const other = await site(false);
  const elsewhere = await other.member({ name: "Elsewhere", photos: 1 });
  const ids = [second.id, hidden!.id, noPhoto.id, elsewhere.id, first.id].join(",");
  const { status, body } = await api.call(`/api/lander-profiles.php?ids=${ids}`, { domain: s.domain });
  expect(status).toBe(200);
  const { profiles } = landerProfilesResponseSchema.strict().parse(body);
  expect(profiles.map((p) => p.id)).toEqual([second.id, first.id]);

  for (const bad of ["1,x", "", ",", Array.from({ length: 11 }, (_, i) => i + 1).join(",")]) {
    const answer = await api.call(`/api/lander-profiles.php?ids=${bad}`, { domain: s.domain });
    expect(answer.status, bad).toBe(bad === "" ? 200 : 400);
  }
});
