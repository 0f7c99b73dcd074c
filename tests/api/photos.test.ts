import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { profileResponseSchema } from "../../contract/members";
import { ownPhotosResponseSchema } from "../../contract/photos";
import { userResponseSchema } from "../../contract/user";
import { gpsTaggedJpeg, pngClaiming } from "../support/images";
import { createSite } from "./support/factories";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let site: { id: number; domain: string };

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_PER_IP: "100000" });
  site = await createSite(api.db);
});
afterAll(() => api.close());

type Member = Awaited<ReturnType<typeof loggedInMember>>;
const member = (options: { paid?: boolean } = {}) => loggedInMember(api, site.domain, { siteId: site.id, ...options });

async function moderator() {
  const m = await member();
  await api.db.updateTable("users").set({ role: "moderator" }).where("id", "=", m.id).execute();
  return m;
}

const jpeg = (width: number, height: number, colour = "#3a7") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function upload(cookie: string, bytes: Buffer) {
  const response = await fetch(`${api.url}/api/photo.php`, {
    method: "POST",
    headers: { "x-forwarded-host": site.domain, cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: await response.json() };
}
const call = (method: string, url: string, cookie: string, body?: unknown) =>
  api.call(url, { method, domain: site.domain, cookie, body });
const photosOf = async (m: Member) =>
  ownPhotosResponseSchema.parse((await call("GET", "/api/photos.php", m.cookie)).body);
const decide = (m: Member, body: object) => call("POST", "/api/moderation-photo.php", m.cookie, body);

async function photoFile(cookie: string, id: number, width = 320, format = "jpeg") {
  const response = await fetch(`${api.url}/api/photo-file.php?id=${id}&width=${width}&format=${format}`, {
    headers: { "x-forwarded-host": site.domain, cookie },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

const publicDir = () => path.join(api.dataDir, "uploads", "photos");
const publicFiles = async () => (await fs.readdir(publicDir()).catch(() => [] as string[])).sort();

test("a new photo waits for a moderator: its owner sees it as inspected, nobody else sees it until approved", async () => {
  const anna = await member();
  const ben = await member();
  const mod = await moderator();

  const added = await upload(anna.cookie, await jpeg(900, 1200));
  expect(added.status).toBe(200);
  expect(added.body.photo).toMatchObject({ status: "pending", is_main: false });
  const id = added.body.photo.id as number;
  expect(await publicFiles()).toEqual([]);
  expect((await photoFile(anna.cookie, id)).status).toBe(200);
  expect((await photoFile(ben.cookie, id)).status).toBe(404);
  const seen = async () =>
    profileResponseSchema.parse((await call("GET", `/api/profile.php?id=${anna.id}`, ben.cookie)).body).profile;
  expect((await seen()).main_image).toBeNull();
  expect((await seen()).photo_count).toBe(0);

  // Only moderators reach the queue and decide.
  expect((await call("GET", "/api/moderation-photos.php", ben.cookie)).status).toBe(403);
  expect((await decide(ben, { id, decision: "approve" })).status).toBe(403);
  const queue = (await call("GET", "/api/moderation-photos.php", mod.cookie)).body as { photos: { id: number }[] };
  expect(queue.photos.map((p) => p.id)).toContain(id);
  expect((await photoFile(mod.cookie, id, 800, "webp")).status).toBe(200);

  expect((await decide(mod, { id, decision: "approve" })).status).toBe(200);
  // A second decision on the same photo is refused, not applied twice.
  expect((await decide(mod, { id, decision: "reject", reason: "explicit" })).body.error).toBe("already_decided");
  const shown = await seen();
  expect(shown.main_image?.filename).toMatch(new RegExp(`^m${anna.id}-.+\\.jpg$`));
  expect(shown.photo_count).toBe(1);
  const published = await fs.readFile(path.join(publicDir(), shown.main_image!.thumb_filename));
  expect((await sharp(published).metadata()).width).toBe(320);
  expect((await photosOf(anna)).photos).toEqual([
    {
      id,
      status: "active",
      is_main: true,
      rejection_reason: null,
      thumb_url: `/uploads/photos/${shown.main_image!.thumb_filename}`,
    },
  ]);

  const log = await api.db.selectFrom("moderation_decisions").selectAll().where("subject_id", "=", id).execute();
  expect(log).toEqual([expect.objectContaining({ moderator_id: mod.id, member_id: anna.id, decision: "approve" })]);
});

test("a rejection says why, is logged, does not count towards the limit and is never published", async () => {
  const anna = await member();
  const mod = await moderator();
  const { body } = await upload(anna.cookie, await jpeg(400, 400));
  const id = body.photo.id as number;
  const noReason = await decide(mod, { id, decision: "reject" });
  expect(noReason.status).toBe(400);
  expect(noReason.body.data.fields.reason).toBe("moderation.reasonRequired");
  expect((await decide(mod, { id, decision: "reject", reason: "contact_details" })).status).toBe(200);
  expect((await photosOf(anna)).photos).toEqual([
    { id, status: "rejected", is_main: false, rejection_reason: "contact_details", thumb_url: null },
  ]);
  expect((await publicFiles()).filter((f) => f.startsWith(`m${anna.id}-`))).toEqual([]);
  const log = await api.db.selectFrom("moderation_decisions").selectAll().where("subject_id", "=", id).execute();
  expect(log).toEqual([
    expect.objectContaining({ moderator_id: mod.id, decision: "reject", reason: "contact_details" }),
  ]);
  for (let i = 0; i < 3; i++) expect((await upload(anna.cookie, await jpeg(300, 300))).status).toBe(200);
});

test("a moderator's own photo waits for another moderator: not in their queue, refused if they decide it", async () => {
  const mod = await moderator();
  const other = await moderator();
  const id = (await upload(mod.cookie, await jpeg(400, 400))).body.photo.id as number;
  const queueOf = async (m: Member) =>
    ((await call("GET", "/api/moderation-photos.php", m.cookie)).body as { photos: { id: number }[] }).photos;
  expect((await queueOf(mod)).map((p) => p.id)).not.toContain(id);
  for (const decision of [
    { id, decision: "approve" },
    { id, decision: "reject", reason: "explicit" },
  ]) {
    const own = await decide(mod, decision);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe("own_photo");
  }
  expect((await photosOf(mod)).photos[0]).toMatchObject({ id, status: "pending" });
  expect((await queueOf(other)).map((p) => p.id)).toContain(id);
  expect((await decide(other, { id, decision: "approve" })).status).toBe(200);
  expect((await photosOf(mod)).photos[0]).toMatchObject({ id, status: "active" });
});

test("free members may have 3 photos and premium members 25, even when uploads race", async () => {
  const free = await member();
  const results = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => upload(free.cookie, await jpeg(200 + i, 200))),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(3);
  expect(results.filter((r) => r.status === 403).every((r) => r.body.error === "premium_required")).toBe(true);
  expect((await photosOf(free)).photos).toHaveLength(3);
  expect((await photosOf(free)).limit).toBe(3);

  const premium = await member({ paid: true });
  expect((await photosOf(premium)).limit).toBe(25);
  for (let i = 0; i < 4; i++) expect((await upload(premium.cookie, await jpeg(200, 200 + i))).status).toBe(200);
});

test("uploads are checked by content; what is kept has no metadata", async () => {
  const anna = await member();
  const text = await upload(anna.cookie, Buffer.from("Not a photo, whatever photo.jpg says.\n"));
  expect(text.body).toMatchObject({ error: "validation_failed", data: { fields: { photo: "chat.photoNotImage" } } });
  const bomb = await upload(anna.cookie, await pngClaiming(50_000, 50_000));
  expect(bomb.body.data.fields.photo).toBe("chat.photoTooManyPixels");
  expect((await photosOf(anna)).photos).toEqual([]);

  const tagged = await gpsTaggedJpeg();
  const added = await upload(anna.cookie, tagged);
  expect(added.status).toBe(200);
  for (const width of [320, 800])
    for (const format of ["webp", "jpeg"]) {
      const file = await photoFile(anna.cookie, added.body.photo.id, width, format);
      expect((await sharp(file.bytes).metadata()).exif).toBeUndefined();
      expect(file.bytes.includes("TellTaleCam")).toBe(false);
    }
});

test("a member orders, chooses the main photo of, and deletes only their own photos", async () => {
  const anna = await member();
  const ben = await member();
  const mod = await moderator();
  const ids: number[] = [];
  for (const colour of ["#f00", "#0f0", "#00f"]) {
    const { body } = await upload(anna.cookie, await jpeg(300, 300, colour));
    ids.push(body.photo.id);
  }
  for (const id of ids.slice(0, 2)) await decide(mod, { id, decision: "approve" });
  const order = async () => (await photosOf(anna)).photos.map((p) => p.id);
  const main = async () => (await photosOf(anna)).photos.find((p) => p.is_main)?.id;
  expect(await main()).toBe(ids[0]);

  await call("PUT", "/api/photo.php", anna.cookie, { id: ids[2], action: "earlier" });
  expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
  await call("PUT", "/api/photo.php", anna.cookie, { id: ids[0], action: "later" });
  expect(await order()).toEqual([ids[2], ids[0], ids[1]]);

  // A pending photo cannot be the main one; an active one can.
  expect((await call("PUT", "/api/photo.php", anna.cookie, { id: ids[2], action: "main" })).body.error).toBe(
    "not_active",
  );
  await call("PUT", "/api/photo.php", anna.cookie, { id: ids[1], action: "main" });
  expect(await main()).toBe(ids[1]);
  const me = userResponseSchema.parse((await call("GET", "/api/user.php", anna.cookie)).body).user;
  expect(me.profile.main_image?.filename).toBeDefined();

  // Ben can neither change nor delete Anna's photos, nor load them.
  expect((await call("PUT", "/api/photo.php", ben.cookie, { id: ids[0], action: "main" })).status).toBe(404);
  expect((await call("DELETE", "/api/photo.php", ben.cookie, { id: ids[0] })).status).toBe(404);
  expect((await photoFile(ben.cookie, ids[2]!)).status).toBe(404);
  expect(await order()).toEqual([ids[2], ids[0], ids[1]]);

  // Deleting the main photo makes the next active one main, and its files go.
  const filesBefore = (await publicFiles()).filter((f) => f.startsWith(`m${anna.id}-`));
  expect(filesBefore).toHaveLength(8);
  await call("DELETE", "/api/photo.php", anna.cookie, { id: ids[1] });
  expect(await order()).toEqual([ids[2], ids[0]]);
  expect(await main()).toBe(ids[0]);
  expect((await publicFiles()).filter((f) => f.startsWith(`m${anna.id}-`))).toHaveLength(4);
  expect((await photoFile(anna.cookie, ids[1]!)).status).toBe(404);
});

test("a site that does not moderate photos shows a new photo at once, as the main one if there was none", async () => {
  const other = await createSite(api.db);
  await api.db.updateTable("sites").set({ photo_moderation: 0 }).where("id", "=", other.id).execute();
  const { clearSiteCache } = await import("../../api/settings/settings.service");
  clearSiteCache();
  const anna = await loggedInMember(api, other.domain, { siteId: other.id });
  const response = await fetch(`${api.url}/api/photo.php`, {
    method: "POST",
    headers: { "x-forwarded-host": other.domain, cookie: anna.cookie, "content-type": "application/octet-stream" },
    body: await jpeg(500, 500),
  });
  expect((await response.json()).photo.status).toBe("active");
  const me = userResponseSchema.parse(
    (await api.call("/api/user.php", { domain: other.domain, cookie: anna.cookie })).body,
  );
  expect(me.user.profile.main_image).not.toBeNull();
});
