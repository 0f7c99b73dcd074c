import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FileStorage, localDiskStorage } from "../../api/adapters/storage";
import { checkLedger } from "../../api/credits/ledger-check";
import { demoLogins, seedDemo } from "../../api/db/seed/seed";
import { addMissingWebpCopies } from "../../api/db/seed/webp-copies";
import { cookieFrom, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let photosDir: string;
let photos: FileStorage;

beforeAll(async () => {
  api = await startTestApi();
  photosDir = path.join(api.dataDir, "uploads", "photos");
  photos = localDiskStorage(photosDir);
  expect(await seedDemo(api.db, { photos, origin: "http://localhost:3000" })).toBe(true);
}, 120_000);
afterAll(() => api.close());

test("the demo site has about 300 members over the 11 languages, some fictional", async () => {
  const users = await api.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.language", "profiles.fictional", "profiles.country", "profiles.city"])
    .execute();
  expect(users.length).toBe(303);
  expect(new Set(users.map((u) => u.language)).size).toBe(11);
  const fictional = users.filter((u) => u.fictional === 1).length;
  expect(fictional).toBeGreaterThan(5);
  expect(fictional).toBeLessThan(30);
  expect(users.every((u) => u.city)).toBe(true);
});

test("every demo member but the moderator has a generated main photo on disk, in JPEG and WebP", async () => {
  const mains = await api.db.selectFrom("photos").selectAll().where("is_main", "=", 1).execute();
  expect(mains.length).toBe(302);
  for (const photo of mains.slice(0, 20)) {
    const bytes = fs.readFileSync(path.join(photosDir, photo.filename));
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(fs.existsSync(path.join(photosDir, photo.thumb_filename))).toBe(true);
    const webp = fs.readFileSync(path.join(photosDir, photo.thumb_filename.replace(".jpg", ".webp")));
    expect(webp.subarray(8, 12).toString()).toBe("WEBP");
  }
});

test("demo photos seeded without WebP copies get them at the next start", async () => {
  const rows = await api.db.selectFrom("photos").select(["filename", "thumb_filename"]).orderBy("id").execute();
  const webps = () => fs.readdirSync(photosDir).filter((file) => file.endsWith(".webp")).length;
  expect(webps()).toBe(rows.length * 2);
  // The newest photo's copies (what a start looks at) and some others': re-encoding all 600 took half a minute.
  const some = new Set([rows.at(-1)!, ...rows.filter((_, index) => index % 50 === 0)]);
  const removed = [...some].flatMap((row) =>
    [row.filename, row.thumb_filename].map((file) => file.replace(/\.jpg$/, ".webp")),
  );
  for (const file of removed) fs.rmSync(path.join(photosDir, file));
  expect(await addMissingWebpCopies(api.db, photos)).toBe(removed.length);
  expect(webps()).toBe(rows.length * 2);
  for (const file of removed)
    expect(fs.readFileSync(path.join(photosDir, file)).subarray(8, 12).toString()).toBe("WEBP");
  // With the copies there, one look at the newest photo is all a start costs.
  expect(await addMissingWebpCopies(api.db, photos)).toBe(0);
}, 120_000);

test("both demo logins work on localhost; the premium one bought a bundle: a paid payment and its ledger entry", async () => {
  const free = await api.call("/api/user.php", { method: "POST", body: demoLogins.free, domain: "localhost" });
  expect(free.status).toBe(200);
  expect(free.body.user).toMatchObject({ paid_user: false, credits: 0 });
  expect(free.body.user.profile.main_image.match).toMatch(/^\/uploads\/photos\/.+\.jpg$/);
  const premium = await api.call("/api/user.php", { method: "POST", body: demoLogins.premium, domain: "localhost" });
  const payment = await api.db
    .selectFrom("payments")
    .selectAll()
    .where("user_id", "=", premium.body.user.id)
    .executeTakeFirstOrThrow();
  expect(payment).toMatchObject({ status: "paid", provider: "sandbox" });
  expect(premium.body.user).toMatchObject({ paid_user: true, credits: payment.credits });
  expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
  expect(cookieFrom(premium.headers)).toBeDefined();
});

test("the demo moderator logs in as a moderator, and no member finds them", async () => {
  const moderator = await api.call("/api/user.php", {
    method: "POST",
    body: demoLogins.moderator,
    domain: "localhost",
  });
  expect(moderator.status).toBe(200);
  expect(moderator.body.user).toMatchObject({ moderator: true, profile: { invisible: true, main_image: null } });
  const free = await api.call("/api/user.php", { method: "POST", body: demoLogins.free, domain: "localhost" });
  expect(free.body.user.moderator).toBe(false);
  // A search that would find them, were they a member like the others.
  const { gender, country, age } = moderator.body.user.profile;
  const search = await api.call(`/api/members.php?gender=${gender}&country=${country}&min_age=${age}&max_age=${age}`, {
    domain: "localhost",
    cookie: cookieFrom(free.headers),
  });
  expect(search.status).toBe(200);
  expect((search.body.profiles as { id: number }[]).map((p) => p.id)).not.toContain(moderator.body.user.id);
});

test("seeding again changes nothing; --reset seeds anew", async () => {
  const before = fs.readdirSync(photosDir);
  expect(await seedDemo(api.db, { photos, origin: "http://localhost:3000" })).toBe(false);
  expect(await seedDemo(api.db, { photos, origin: "http://localhost:3000", reset: true })).toBe(true);
  const count = await api.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  expect(Number(count.n)).toBe(303);
  // The old photos went with their rows: the folder holds the new ones' four files each, nothing else.
  const after = fs.readdirSync(photosDir);
  expect(after.length).toBe((await api.db.selectFrom("photos").selectAll().execute()).length * 4);
  expect(after.filter((file) => before.includes(file))).toEqual([]);
}, 120_000);
