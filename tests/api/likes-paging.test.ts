import { afterAll, beforeAll, expect, test } from "vitest";
import { likesCountCap, likesPageSize, likesResponseSchema } from "../../contract/likes";
import { createMember, createSite, insertMembers } from "./support/factories";
import { cookieFrom, startTestApi, type TestApi } from "./support/test-api";

// likes.php paged (docs/product.md §7, a change from the original contract): a popular member's 3,000 likes come 24
// a page, with every list's count (up to likesCountCap), whatever page is asked for.

let api: TestApi;
let domain: string;
let me: { id: number; cookie: string };
let likers: number[];
const received = 3000;
const liked = 30;
const seen = 1000;

beforeAll(async () => {
  api = await startTestApi();
  const site = await createSite(api.db);
  domain = site.domain;
  const m = await createMember(api.db, site.id, { gender: "male", country: "FI" });
  const login = await api.call("/api/user.php", {
    method: "POST",
    domain,
    body: { email: m.email, password: m.password },
  });
  me = { id: m.id, cookie: cookieFrom(login.headers)! };
  likers = await insertMembers(api.db, site.id, received, { gender: "female", country: "FI" });
  // Made in bulk: one like a minute back in time, the oldest `seen` already seen.
  const start = Date.parse("2026-01-01T00:00:00Z");
  const likes = likers.map((id, i) => ({
    liker_id: id,
    liked_id: me.id,
    created_at: new Date(start + i * 60_000).toISOString(),
    like_new: i < seen ? 0 : 1,
  }));
  for (let i = 0; i < likes.length; i += 1000)
    await api.db
      .insertInto("likes")
      .values(likes.slice(i, i + 1000))
      .execute();
  // Liked back as a member does it, so that each like of the pair is marked a match.
  for (const id of likers.slice(0, liked)) {
    const answer = await api.call("/api/like.php", { method: "POST", domain, cookie: me.cookie, body: { id } });
    expect(answer.body).toEqual({ liked: true, match: true });
  }
}, 120_000);
afterAll(() => api.close());

const likesPage = async (query: string) => {
  const answer = await api.call(`/api/likes.php${query}`, { domain, cookie: me.cookie });
  expect(answer.status).toBe(200);
  return likesResponseSchema.parse(answer.body);
};

test("3,000 likes received come 24 a page, new first then newest, each once over all the pages", async () => {
  const first = await likesPage("");
  // Counted up to the cap (3,000 received, 2,000 of them new), the pages with them; the shorter lists exactly.
  expect(received - seen).toBeGreaterThan(likesCountCap);
  expect(first).toMatchObject({
    list: "received",
    page: 1,
    pages: Math.ceil(likesCountCap / likesPageSize),
    counts: { received: likesCountCap, given: liked, matches: liked, new: likesCountCap },
  });
  expect(first.profiles).toHaveLength(likesPageSize);
  // The newest like first: the last made.
  expect(first.profiles[0]!.id).toBe(likers.at(-1));
  expect(first.profiles.every((p) => p.like_new)).toBe(true);

  const all: number[] = [];
  // Pages past the counted ones answer as well.
  for (let page = 1; page <= received / likesPageSize; page++) {
    const { profiles } = await likesPage(`?page=${page}`);
    all.push(...profiles.map((p) => p.id));
  }
  expect(all).toHaveLength(received);
  expect(new Set(all).size).toBe(received);
  // New likes (all but the oldest `seen`) come before those seen.
  expect(all.slice(0, received - seen).every((id) => likers.indexOf(id) >= seen)).toBe(true);
  // 125 pages read one after another: a few seconds alone, more on a machine busy with other suites.
}, 60_000);

test("the last page has what is left; a page past the end is empty, with the counts", async () => {
  const last = await likesPage("?list=matches&page=2");
  expect(last).toMatchObject({ list: "matches", page: 2, pages: 2 });
  expect(last.profiles).toHaveLength(liked - likesPageSize);
  const past = await likesPage(`?page=${received}`);
  expect(past.profiles).toEqual([]);
  expect(past.counts.received).toBe(likesCountCap);
});

test("likes given and matches are lists of their own; a like given is never new to its giver", async () => {
  const given = await likesPage("?list=given");
  expect(given.profiles).toHaveLength(likesPageSize);
  expect(given.profiles.every((p) => !p.like_new)).toBe(true);
  const matches = await likesPage("?list=matches");
  expect(matches.profiles.map((p) => p.id).every((id) => likers.slice(0, liked).includes(id))).toBe(true);
});

test("a page or list that is not one is refused with the fields named", async () => {
  for (const query of ["?page=0", "?page=two", "?list=everyone"]) {
    const answer = await api.call(`/api/likes.php${query}`, { domain, cookie: me.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("validation_failed");
  }
  expect((await api.call("/api/likes.php", { domain })).status).toBe(403);
});
