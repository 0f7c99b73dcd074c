import { afterAll, beforeAll, expect, test } from "vitest";
import { profileResponseSchema } from "../../contract/members";
import { userResponseSchema } from "../../contract/user";
import { createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let siteId: number;
let interests: number[];

beforeAll(async () => {
  api = await startTestApi();
  const site = await createSite(api.db);
  domain = site.domain;
  siteId = site.id;
  await api.db
    .insertInto("regions")
    .values([
      { code: "NL-NH", country: "NL", name: "Noord-Holland" },
      { code: "GB-ENG", country: "GB", name: "England" },
    ])
    .execute();
  const rows = await api.db
    .insertInto("interests")
    .values(["travel", "music", "cooking"].map((slug) => ({ slug, names: JSON.stringify({ en: slug }) })))
    .returning("id")
    .execute();
  interests = rows.map((r) => r.id);
});
afterAll(() => api.close());

const member = (options: { email?: string; sexuality?: "straight" | "gay" | "bi" } = {}) =>
  loggedInMember(api, domain, { siteId, ...options });
const put = (body: unknown, cookie: string) => api.call("/api/profile.php", { method: "PUT", domain, cookie, body });

const edit = {
  name: "Robin",
  about: "  I like long walks.  ",
  sexuality: "bi",
  sexuality_public: true,
  hair_colour: "red",
  eye_colour: null,
  body_type: "athletic",
  relationship_status: "single",
  tattoos: "some",
  country: "NL",
  region: "NL-NH",
  city: "Haarlem",
};

test("a member edits their profile: fields, orientation, interests and place, answered as user.php answers", async () => {
  const me = await member();
  const { status, body } = await put({ ...edit, interests: [interests[0], interests[2]] }, me.cookie);
  expect(status).toBe(200);
  const { user } = userResponseSchema.parse(body);
  expect(user.profile).toMatchObject({
    name: "Robin",
    about: "I like long walks.",
    sexuality: "bi",
    sexuality_public: true,
    hair_colour: "red",
    eye_colour: null,
    body_type: "athletic",
    tattoos: "some",
    country: "NL",
    region: "NL-NH",
    city: "Haarlem",
  });
  expect(user.profile.interests.sort()).toEqual([interests[0], interests[2]].sort());

  // Interests are replaced, not added to; a region left out clears it.
  const again = await put({ ...edit, region: undefined, interests: [interests[1]] }, me.cookie);
  const second = userResponseSchema.parse(again.body).user.profile;
  expect(second.interests).toEqual([interests[1]]);
  expect(second.region).toBeNull();
  const fromUser = userResponseSchema.parse((await api.call("/api/user.php", { domain, cookie: me.cookie })).body);
  expect(fromUser.user.profile.interests).toEqual([interests[1]]);
});

test("each refusal names its field and changes nothing", async () => {
  const me = await member({ email: "sam@example.com" });
  const before = userResponseSchema.parse((await api.call("/api/user.php", { domain, cookie: me.cookie })).body);
  const refusals: [object, string, string][] = [
    [{ name: "Sam@Example.com" }, "name", "validation.nameIsEmail"],
    [{ name: "@sam" }, "name", "validation.nameAt"],
    [{ name: "S" }, "name", "validation.nameTooShort"],
    [{ about: "x".repeat(2001) }, "about", "validation.tooLong"],
    [{ hair_colour: "green" }, "hair_colour", "validation.required"],
    [{ country: "JP" }, "country", "validation.required"],
    [{ region: "GB-ENG" }, "region", "profileEditor.regionOfCountry"],
    [{ interests: [interests[0], 999_999] }, "interests", "validation.required"],
  ];
  for (const [change, field, message] of refusals) {
    const { status, body } = await put({ ...edit, ...change }, me.cookie);
    expect(status, JSON.stringify(change)).toBe(400);
    expect((body as { data: { fields: Record<string, string> } }).data.fields[field], JSON.stringify(body)).toBe(
      message,
    );
  }
  const after = userResponseSchema.parse((await api.call("/api/user.php", { domain, cookie: me.cookie })).body);
  expect(after.user.profile).toEqual(before.user.profile);
});

test("orientation is private unless its owner shows it", async () => {
  const owner = await member({ sexuality: "gay" });
  const viewer = await member();
  const seenBy = async (cookie: string) =>
    profileResponseSchema.parse((await api.call(`/api/profile.php?id=${owner.id}`, { domain, cookie })).body).profile
      .fields.sexuality;
  expect(await seenBy(viewer.cookie)).toBeNull();

  await put({ ...edit, sexuality: "gay", sexuality_public: true }, owner.cookie);
  expect(await seenBy(viewer.cookie)).toBe("gay");
  await put({ ...edit, sexuality: "gay", sexuality_public: false }, owner.cookie);
  expect(await seenBy(viewer.cookie)).toBeNull();
});

test("only a logged-in member edits, and only their own profile", async () => {
  const anonymous = await api.call("/api/profile.php", { method: "PUT", domain, body: edit });
  expect(anonymous.status).toBe(403);
  const me = await member();
  const other = await member();
  await put({ ...edit, name: "Changed", id: other.id, user_id: other.id }, me.cookie);
  const others = profileResponseSchema.parse(
    (await api.call(`/api/profile.php?id=${other.id}`, { domain, cookie: me.cookie })).body,
  );
  expect(others.profile.name).toBe("Alex");
});
