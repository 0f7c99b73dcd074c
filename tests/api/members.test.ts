import { afterAll, beforeAll, expect, test } from "vitest";
import { likesResponseSchema } from "../../contract/likes";
import { profileResponseSchema, searchResponseSchema, swipeResponseSchema } from "../../contract/members";
import { landerResponseSchema } from "../../contract/niche-landers";
import { landingResponseSchema } from "../../contract/seo";
import { signupMatchesResponseSchema } from "../../contract/signup";
import { createMember, createSite, insertMembers, type MemberOptions } from "./support/factories";
import { cookieFrom, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;

beforeAll(async () => {
  api = await startTestApi();
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
});
afterAll(() => api.close());

async function member(options: MemberOptions = {}) {
  const m = await createMember(api.db, siteId, options);
  const { headers } = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body: { email: m.email, password: m.password },
  });
  return { ...m, cookie: cookieFrom(headers)! };
}
const get = (path: string, cookie?: string) => api.call(path, { domain, cookie });
const post = (path: string, body: unknown, cookie: string, method = "POST") =>
  api.call(path, { method, domain, cookie, body });
const ids = (profiles: { id: number }[]) => profiles.map((p) => p.id);

test("search filters by gender, country, region and age, 24 a page, never the searcher", async () => {
  const me = await member({ gender: "male", country: "NL" });
  const nl = [];
  for (let i = 0; i < 26; i++)
    nl.push(
      await createMember(api.db, siteId, {
        gender: "female",
        country: "NL",
        dateOfBirth: `19${70 + (i % 20)}-01-01`,
        photos: i % 2,
      }),
    );
  const region = await createMember(api.db, siteId, {
    gender: "female",
    country: "NL",
    region: "NL-NH",
    dateOfBirth: "1995-03-01",
  });
  const page1 = searchResponseSchema.parse((await get("/api/members.php?gender=female&country=NL", me.cookie)).body);
  expect(page1.total).toBe(27);
  expect(page1.profiles).toHaveLength(24);
  expect(page1.pages).toBe(2);
  expect(page1.profiles.every((p) => p.gender === "female" && p.country === "NL")).toBe(true);
  // Members with a photo come first.
  expect(page1.profiles[0]!.main_image).not.toBeNull();
  const page2 = searchResponseSchema.parse(
    (await get("/api/members.php?gender=female&country=NL&page=2", me.cookie)).body,
  );
  expect(page2.profiles).toHaveLength(3);
  expect(new Set([...ids(page1.profiles), ...ids(page2.profiles)]).size).toBe(27);
  expect(ids(page1.profiles)).not.toContain(me.id);

  const aged = searchResponseSchema.parse(
    (await get("/api/members.php?country=NL&min_age=30&max_age=35", me.cookie)).body,
  );
  expect(aged.profiles.every((p) => p.age >= 30 && p.age <= 35)).toBe(true);
  expect(aged.profiles.length).toBeGreaterThan(0);

  const narrow = searchResponseSchema.parse(
    (await get("/api/members.php?gender=female&country=NL&countryregion=NL-NH", me.cookie)).body,
  );
  expect(ids(narrow.profiles)).toEqual([region.id]);
  expect(narrow.similar?.total).toBe(26);
  expect(ids(narrow.similar!.profiles)).not.toContain(region.id);
  expect(nl.length).toBe(26);
});

test("a large site's search: photos first, then most recently seen, across every page; counted up to 1,000", async () => {
  // 1,010 members written at once (logging each in would take minutes), every third with a photo, each last seen a
  // minute before the previous one.
  const big = await createSite(api.db);
  const seen = (minutes: number) => new Date(Date.UTC(2026, 10, 1) - minutes * 60_000).toISOString();
  const users = await insertMembers(api.db, big.id, 1010, { country: "NO", lastSeen: seen });
  const withPhoto = (i: number) => i % 3 === 0;
  await api.db
    .insertInto("photos")
    .values(
      users.flatMap((id, i) =>
        withPhoto(i)
          ? [
              {
                user_id: id,
                filename: `b${id}.jpg`,
                thumb_filename: `b${id}-t.jpg`,
                status: "active",
                is_main: 1,
                created_at: seen(0),
              },
            ]
          : [],
      ),
    )
    .execute();
  const expected = [...users.filter((_, i) => withPhoto(i)), ...users.filter((_, i) => !withPhoto(i))];
  const searcher = await createMember(api.db, big.id, { gender: "male" });
  const login = await api.call("/api/user.php", {
    method: "POST",
    domain: big.domain,
    body: { email: searcher.email, password: searcher.password },
  });
  const cookie = cookieFrom(login.headers)!;
  const page = async (n: number) =>
    searchResponseSchema.parse((await api.call(`/api/members.php?page=${n}`, { domain: big.domain, cookie })).body);

  const first = await page(1);
  expect(first.total).toBe(1000);
  expect(first.total_capped).toBe(true);
  expect(first.pages).toBe(42);
  expect(ids(first.profiles)).toEqual(expected.slice(0, 24));
  // The 337 members with a photo end on page 15; those without follow on the same page, in their own order.
  for (const n of [14, 15, 16, 42]) expect(ids((await page(n)).profiles)).toEqual(expected.slice((n - 1) * 24, n * 24));
  expect(ids((await page(43)).profiles)).toEqual(expected.slice(42 * 24, 43 * 24));
  expect((await page(50)).profiles).toEqual([]);

  // A narrower search is counted exactly.
  await api.db.updateTable("profiles").set({ country: "SE" }).where("user_id", "in", expected.slice(0, 30)).execute();
  const sweden = searchResponseSchema.parse(
    (await api.call("/api/members.php?country=SE", { domain: big.domain, cookie })).body,
  );
  expect(sweden.total).toBe(30);
  expect(sweden.total_capped).toBe(false);
});

test("the swipe game and the signup suggestions: own country first, with a photo first, then most recently seen", async () => {
  const small = await createSite(api.db);
  const me = await createMember(api.db, small.id, { gender: "female", country: "DK" });
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  // Seen 1 to 6 minutes ago, in this order of recency: two Danes and one other of each photo state.
  const people = [
    { country: "DE", photos: 1 },
    { country: "DK", photos: 0 },
    { country: "DE", photos: 0 },
    { country: "DK", photos: 1 },
    { country: "DK", photos: 0 },
    { country: "DK", photos: 1 },
  ];
  const men: number[] = [];
  for (const [i, p] of people.entries()) {
    const m = await createMember(api.db, small.id, { gender: "male", ...p });
    await api.db
      .updateTable("users")
      .set({ last_seen_at: at(i + 1) })
      .where("id", "=", m.id)
      .execute();
    men.push(m.id);
  }
  const [dePhoto, dkBare, deBare, dkPhoto, dkBare2, dkPhoto2] = men as [number, number, number, number, number, number];
  const login = await api.call("/api/user.php", {
    method: "POST",
    domain: small.domain,
    body: { email: me.email, password: me.password },
  });
  const cookie = cookieFrom(login.headers)!;
  const call = (path: string, method = "GET", body?: unknown) =>
    api.call(path, { method, domain: small.domain, cookie, body });

  const suggested = signupMatchesResponseSchema.parse((await call("/api/signup-matches.php")).body);
  expect(ids(suggested.profiles)).toEqual([dkPhoto, dkPhoto2, dkBare, dkBare2, dePhoto, deBare]);

  // The swipe game ranks by country and recency only; each skip shows the next.
  const order: number[] = [];
  for (let next = swipeResponseSchema.parse((await call("/api/swipe.php")).body).profile; next; ) {
    order.push(next.id);
    expect((await call("/api/swipe.php", "POST", { id: next.id, action: "skip" })).status).toBe(200);
    next = swipeResponseSchema.parse((await call("/api/swipe.php")).body).profile;
  }
  expect(order).toEqual([dkBare, dkPhoto, dkBare2, dkPhoto2, dePhoto, deBare]);
});

test("blocked, invisible and pending-deletion members never appear in any list or profile", async () => {
  const me = await member({ gender: "male", country: "SE", sexuality: "straight" });
  const blockedByMe = await member({ gender: "female", country: "SE", name: "BlockedByMe" });
  const blockedMe = await member({ gender: "female", country: "SE", name: "BlockedMe" });
  const invisible = await member({ gender: "female", country: "SE", name: "Invisible" });
  const leaving = await member({ gender: "female", country: "SE", name: "Leaving" });
  const visible = await member({ gender: "female", country: "SE", name: "Visible" });
  for (const other of [blockedByMe, blockedMe, invisible, leaving, visible])
    await post("/api/like.php", { id: me.id }, other.cookie);

  expect((await post("/api/block.php", { id: blockedByMe.id }, me.cookie)).body).toEqual({ blocked: true });
  await post("/api/block.php", { id: me.id }, blockedMe.cookie);
  await post("/api/invisible.php", { invisible: true }, invisible.cookie, "PUT");
  await post("/api/user.php", { password: leaving.password }, leaving.cookie, "DELETE");

  const hidden = [blockedByMe.id, blockedMe.id, invisible.id, leaving.id];
  const search = searchResponseSchema.parse((await get("/api/members.php?country=SE", me.cookie)).body);
  expect(ids(search.profiles)).toContain(visible.id);
  for (const id of hidden) expect(ids(search.profiles)).not.toContain(id);

  const likes = likesResponseSchema.parse((await get("/api/likes.php", me.cookie)).body);
  expect(ids(likes.profiles)).toEqual([visible.id]);
  expect(likes.counts).toEqual({ received: 1, given: 0, matches: 0, new: 1 });
  expect((await get("/api/user.php", me.cookie)).body.user.new_likes).toBe(1);

  for (const id of [blockedMe.id, invisible.id, leaving.id])
    expect((await get(`/api/profile.php?id=${id}`, me.cookie)).status).toBe(404);
  // The blocker can still open the blocked profile, to unblock it.
  expect((await get(`/api/profile.php?id=${blockedByMe.id}`, me.cookie)).body.profile.blocked).toBe(true);
  // The blocked member cannot see or reach the blocker either.
  expect((await get(`/api/profile.php?id=${me.id}`, blockedByMe.cookie)).status).toBe(404);
  expect((await post("/api/like.php", { id: me.id }, blockedMe.cookie)).status).toBe(404);

  const swipe = swipeResponseSchema.parse((await get("/api/swipe.php", me.cookie)).body);
  expect(hidden).not.toContain(swipe.profile?.id);
  const auto = await get("/api/auto-like.php", me.cookie);
  expect(auto.body.profile.id).toBe(visible.id);
  expect((await get("/api/auto-like.php", me.cookie)).body.profile).toBeNull();

  // Unblocking shows them again, both ways.
  await post("/api/block.php", { id: blockedByMe.id }, me.cookie, "DELETE");
  expect((await get(`/api/profile.php?id=${me.id}`, blockedByMe.cookie)).status).toBe(200);
  expect(
    ids(searchResponseSchema.parse((await get("/api/members.php?country=SE", me.cookie)).body).profiles),
  ).toContain(blockedByMe.id);
});

test("a profile's related members: its gender and country, most recently seen first, among the site's most recently seen or not", async () => {
  const me = await member({ gender: "male", country: "GB" });
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  // Seen a minute ago: the site's most recently seen members, where related members are looked for first.
  const profile = await createMember(api.db, siteId, { gender: "female", country: "IE" });
  const recent = await insertMembers(api.db, siteId, 9, {
    gender: "female",
    country: "IE",
    lastSeen: (i) => new Date(Date.now() + 60_000 - i * 1000).toISOString(),
  });
  const blockedMe = await member({ gender: "female", country: "IE" });
  await api.db
    .updateTable("users")
    .set({ last_seen_at: new Date(Date.now() + 120_000).toISOString() })
    .where("id", "=", blockedMe.id)
    .execute();
  await post("/api/block.php", { id: me.id }, blockedMe.cookie);
  const related = (id: number) =>
    api
      .call(`/api/profile.php?id=${id}`, { domain, cookie: me.cookie })
      .then((answer) => ids(profileResponseSchema.parse(answer.body).profile.related));
  expect(await related(profile.id)).toEqual(recent.slice(0, 6));

  // A rarer gender and country, all seen long ago behind many others seen since: the same rule.
  const rare = await insertMembers(api.db, siteId, 8, { gender: "male", country: "IS", lastSeen: (i) => ago(400 + i) });
  await insertMembers(api.db, siteId, 400, { gender: "male", country: "IS", lastSeen: () => ago(1) }).then((later) =>
    api.db.updateTable("profiles").set({ country: "NO" }).where("user_id", "in", later).execute(),
  );
  expect(await related(rare[7]!)).toEqual(rare.slice(0, 6));
});

test("liking, unliking, matches, and opening a profile clears its new like", async () => {
  const anna = await member({ gender: "female", country: "DK", name: "Anna" });
  const bo = await member({ gender: "male", country: "DK", name: "Bo" });
  expect((await post("/api/like.php", { id: bo.id }, anna.cookie)).body).toEqual({ liked: true, match: false });
  expect((await post("/api/like.php", { id: bo.id }, anna.cookie)).body).toEqual({ liked: true, match: false });
  const boLikes = likesResponseSchema.parse((await get("/api/likes.php", bo.cookie)).body);
  expect(boLikes.profiles).toEqual([expect.objectContaining({ id: anna.id, like_new: true })]);
  expect((await get("/api/user.php", bo.cookie)).body.user.new_likes).toBe(1);

  const viewed = profileResponseSchema.parse((await get(`/api/profile.php?id=${anna.id}`, bo.cookie)).body);
  expect(viewed.profile).toMatchObject({ liked_me: true, liked: false });
  expect(likesResponseSchema.parse((await get("/api/likes.php", bo.cookie)).body).profiles[0]!.like_new).toBe(false);
  expect((await get("/api/user.php", bo.cookie)).body.user.new_likes).toBe(0);

  expect((await post("/api/like.php", { id: anna.id }, bo.cookie)).body).toEqual({ liked: true, match: true });
  const matches = likesResponseSchema.parse((await get("/api/likes.php?list=matches", bo.cookie)).body);
  expect(ids(matches.profiles)).toEqual([anna.id]);
  expect(matches.counts).toEqual({ received: 1, given: 1, matches: 1, new: 0 });
  expect((await post("/api/like.php", { id: anna.id }, bo.cookie, "DELETE")).body).toEqual({
    liked: false,
    match: false,
  });
  expect(likesResponseSchema.parse((await get("/api/likes.php?list=given", bo.cookie)).body).profiles).toEqual([]);
  expect((await post("/api/like.php", { id: 999999 }, bo.cookie)).status).toBe(404);
  expect((await api.call("/api/like.php", { method: "POST", domain, body: { id: anna.id } })).status).toBe(403);
});

test("a match is on both members' matches tab until either takes their like back, and again when it is given again", async () => {
  const cleo = await member({ gender: "female", country: "SE", name: "Cleo" });
  const dan = await member({ gender: "male", country: "SE", name: "Dan" });
  const eve = await member({ gender: "female", country: "SE", name: "Eve" });
  const likesOf = async (who: { cookie: string }, list: string) =>
    likesResponseSchema.parse((await get(`/api/likes.php?list=${list}`, who.cookie)).body);
  const matchesOf = async (who: { cookie: string }) => {
    const { profiles, counts } = await likesOf(who, "matches");
    return { ids: ids(profiles), matches: counts.matches };
  };
  const like = (who: { cookie: string }, id: number, method = "POST") =>
    post("/api/like.php", { id }, who.cookie, method);

  // Crossing likes, sent together: whichever is second sees the first, so both are a match.
  await Promise.all([like(cleo, dan.id), like(dan, cleo.id)]);
  await like(eve, dan.id);
  expect(await matchesOf(cleo)).toEqual({ ids: [dan.id], matches: 1 });
  expect(await matchesOf(dan)).toEqual({ ids: [cleo.id], matches: 1 });
  expect(await matchesOf(eve)).toEqual({ ids: [], matches: 0 });

  // Dan likes Eve back: his matches, new first (Eve's like was not seen), then newest.
  expect((await like(dan, eve.id)).body).toEqual({ liked: true, match: true });
  const danMatches = await likesOf(dan, "matches");
  expect(ids(danMatches.profiles)).toEqual([eve.id, cleo.id]);
  expect(danMatches.counts).toEqual({ received: 2, given: 2, matches: 2, new: 2 });

  // Either one unliking ends the match for both; the other's like stays a like received.
  await like(cleo, dan.id, "DELETE");
  expect(await matchesOf(cleo)).toEqual({ ids: [], matches: 0 });
  expect(await matchesOf(dan)).toEqual({ ids: [eve.id], matches: 1 });
  expect(ids((await likesOf(cleo, "received")).profiles)).toEqual([dan.id]);
  await like(eve, dan.id, "DELETE");
  expect(await matchesOf(dan)).toEqual({ ids: [], matches: 0 });
  expect(ids((await likesOf(eve, "received")).profiles)).toEqual([dan.id]);

  // Liked again: a match again, on both tabs.
  expect((await like(cleo, dan.id)).body).toEqual({ liked: true, match: true });
  expect(await matchesOf(cleo)).toEqual({ ids: [dan.id], matches: 1 });
  expect(await matchesOf(dan)).toEqual({ ids: [cleo.id], matches: 1 });
  // A like from the swipe game is the same like.
  expect((await post("/api/swipe.php", { id: dan.id, action: "like" }, eve.cookie)).body).toMatchObject({
    match: true,
  });
  expect(await matchesOf(eve)).toEqual({ ids: [dan.id], matches: 1 });
  expect((await matchesOf(dan)).matches).toBe(2);
});

test("a popular member's new likes are counted up to 100 (the badge says 99+); the list of likes counts them all", async () => {
  const me = await member({ country: "FI" });
  const likers = await insertMembers(api.db, siteId, 120, { gender: "male", country: "FI" });
  await api.db
    .insertInto("likes")
    .values(likers.map((id) => ({ liker_id: id, liked_id: me.id, created_at: new Date().toISOString() })))
    .execute();

  expect((await get("/api/user.php", me.cookie)).body.user.new_likes).toBe(100);
  const likes = likesResponseSchema.parse((await get("/api/likes.php", me.cookie)).body);
  expect(likes.profiles).toHaveLength(24);
  expect(likes.counts).toMatchObject({ received: 120, new: 120 });
});

test("free members see three of another member's photos, premium all, visitors the main one", async () => {
  const owner = await createMember(api.db, siteId, { gender: "female", country: "FI", photos: 5 });
  const free = await member({ country: "FI" });
  const premium = await member({ country: "FI", paid: true });
  const asFree = profileResponseSchema.parse((await get(`/api/profile.php?id=${owner.id}`, free.cookie)).body).profile;
  expect(asFree).toMatchObject({ photo_count: 5, locked_photos: 2 });
  expect(asFree.photos).toHaveLength(3);
  const asPremium = profileResponseSchema.parse(
    (await get(`/api/profile.php?id=${owner.id}`, premium.cookie)).body,
  ).profile;
  expect(asPremium).toMatchObject({ photo_count: 5, locked_photos: 0 });
  const asVisitor = profileResponseSchema.parse((await get(`/api/profile.php?id=${owner.id}`)).body).profile;
  expect(asVisitor.photos).toHaveLength(1);
  expect(asVisitor.locked_photos).toBe(4);
  // A locked photo's file name is never sent.
  expect(JSON.stringify(asVisitor)).not.toContain(`p${owner.id}-4`);
  expect(Object.keys(asFree.fields)).toEqual(expect.arrayContaining(["age", "city", "country"]));
});

test("visitors get the first page of a search only where the site allows it", async () => {
  const open = await get("/api/members.php");
  expect(open.status).toBe(200);
  expect(open.body).toMatchObject({ limited: true, page: 1, pages: 1 });
  expect((await get("/api/members.php?page=3")).body.page).toBe(1);
  await api.db
    .updateTable("sites")
    .set({ logged_out_search: 0, logged_out_search_trafficsource: 1 })
    .where("id", "=", siteId)
    .execute();
  const { clearSiteCache } = await import("../../api/settings/settings.service");
  clearSiteCache();
  expect((await get("/api/members.php")).status).toBe(403);
  expect((await get("/api/members.php?trafficsource=1")).status).toBe(200);
  await api.db
    .updateTable("sites")
    .set({ logged_out_search: 1, logged_out_search_trafficsource: 0 })
    .where("id", "=", siteId)
    .execute();
  clearSiteCache();
});

test("the swipe game shows sought profiles one at a time and allows 4 likes a day", async () => {
  const me = await member({ gender: "female", sexuality: "straight", country: "PL" });
  for (let i = 0; i < 7; i++) await createMember(api.db, siteId, { gender: "male", country: "PL", name: `Swipe${i}` });
  const seen = new Set<number>();
  let likesLeft = 4;
  for (let i = 0; i < 4; i++) {
    const next = swipeResponseSchema.parse((await get("/api/swipe.php", me.cookie)).body);
    expect(next.profile!.gender).toBe("male");
    expect(seen.has(next.profile!.id)).toBe(false);
    seen.add(next.profile!.id);
    expect(next.likes_left).toBe(likesLeft);
    const result = await post("/api/swipe.php", { id: next.profile!.id, action: "like" }, me.cookie);
    likesLeft -= 1;
    expect(result.body.likes_left).toBe(likesLeft);
  }
  const skipped = swipeResponseSchema.parse((await get("/api/swipe.php", me.cookie)).body);
  expect((await post("/api/swipe.php", { id: skipped.profile!.id, action: "skip" }, me.cookie)).status).toBe(200);
  const after = swipeResponseSchema.parse((await get("/api/swipe.php", me.cookie)).body);
  expect(after.profile!.id).not.toBe(skipped.profile!.id);
  expect(after.likes_left).toBe(0);
  const refused = await post("/api/swipe.php", { id: after.profile!.id, action: "like" }, me.cookie);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: "swipe_limit" });
  expect(new Date(refused.body.data.next_reset).getUTCHours()).toBe(0);
});

test("invisible mode is the member's own switch", async () => {
  const me = await member({ country: "NO" });
  expect((await post("/api/invisible.php", { invisible: true }, me.cookie, "PUT")).status).toBe(200);
  expect((await get("/api/user.php", me.cookie)).body.user.profile.invisible).toBe(true);
  expect((await api.call("/api/invisible.php", { method: "PUT", domain, body: { invisible: true } })).status).toBe(403);
});

// Issue 32 item 29: members' words are shown as written, so every answer that carries an about-me says its language.
test("a profile, its landing, the swipe game and the landers say which language the about-me is written in", async () => {
  const writer = await createMember(api.db, siteId, { language: "de", country: "DE", photos: 1 });
  await api.db.updateTable("profiles").set({ about: "Ich wandere gern." }).where("user_id", "=", writer.id).execute();
  const viewer = await member({ gender: "male", country: "DE" });
  const profile = profileResponseSchema.parse((await get(`/api/profile.php?id=${writer.id}`, viewer.cookie)).body);
  expect(profile.profile).toMatchObject({ about: "Ich wandere gern.", about_language: "de" });
  const landing = landingResponseSchema.parse((await get(`/api/landing.php?id=${writer.id}`)).body);
  expect(landing.profile.about_language).toBe("de");
  const lander = landerResponseSchema.parse((await get("/api/lander.php")).body);
  expect(lander.profiles.find((p) => p.id === writer.id)?.about_language).toBe("de");
  const swipe = swipeResponseSchema.parse((await get("/api/swipe.php", viewer.cookie)).body);
  expect(swipe.profile).toMatchObject({ id: writer.id, about_language: "de" });
});
