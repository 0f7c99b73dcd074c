import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { profileResponseSchema } from "../../contract/members";
import { createSite } from "./support/factories";
import { type FakeS3, startFakeS3 } from "./support/fake-s3";
import { loggedInMember, startTestApi, type TestApi } from "./support/test-api";

// The same photo journey as tests/api/photos.test.ts, with S3_URL set: every file goes to the bucket, none to disk.
let s3: FakeS3;
let api: TestApi;
let site: { id: number; domain: string };

beforeAll(async () => {
  s3 = await startFakeS3();
  api = await startTestApi({ S3_URL: `${s3.url}/site-a` });
  site = await createSite(api.db);
});
afterAll(async () => {
  await api.close();
  await s3.close();
});

const keysUnder = (folder: string) => [...s3.objects.keys()].filter((key) => key.startsWith(folder)).sort();

test("with S3_URL a photo is kept in the bucket's private folder, published to its photos folder, and deleted there", async () => {
  const anna = await loggedInMember(api, site.domain, { siteId: site.id });
  const ben = await loggedInMember(api, site.domain, { siteId: site.id });
  const mod = await loggedInMember(api, site.domain, { siteId: site.id });
  await api.db.updateTable("users").set({ role: "moderator" }).where("id", "=", mod.id).execute();
  const call = (method: string, url: string, cookie: string, body?: unknown) =>
    api.call(url, { method, domain: site.domain, cookie, body });

  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  const uploaded = await fetch(`${api.url}/api/photo.php`, {
    method: "POST",
    headers: { "x-forwarded-host": site.domain, cookie: anna.cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(photo),
  });
  const id = ((await uploaded.json()) as { photo: { id: number } }).photo.id;
  expect(keysUnder("site-a/private/photos/")).toHaveLength(4);
  expect(keysUnder("site-a/photos/")).toEqual([]);
  // The owner's own view of the pending photo is read back from the bucket.
  const own = await fetch(`${api.url}/api/photo-file.php?id=${id}&width=800&format=webp`, {
    headers: { "x-forwarded-host": site.domain, cookie: anna.cookie },
  });
  expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).format).toBe("webp");

  expect((await call("POST", "/api/moderation-photo.php", mod.cookie, { id, decision: "approve" })).status).toBe(200);
  const { profile } = profileResponseSchema.parse(
    (await call("GET", `/api/profile.php?id=${anna.id}`, ben.cookie)).body,
  );
  const base = profile.main_image!.filename.replace(/\.jpg$/, "");
  expect(keysUnder("site-a/photos/")).toEqual(
    [".jpg", ".webp", "-thumb.jpg", "-thumb.webp"].map((end) => `site-a/photos/${base}${end}`).sort(),
  );
  expect(s3.objects.get(`site-a/photos/${base}-thumb.webp`)).toMatchObject({
    contentType: "image/webp",
    cacheControl: "public, max-age=604800",
  });
  expect(fs.existsSync(path.join(api.dataDir, "uploads"))).toBe(false);
  expect(fs.existsSync(path.join(api.dataDir, "private"))).toBe(false);

  expect((await call("DELETE", "/api/photo.php", anna.cookie, { id })).status).toBe(200);
  expect(keysUnder("site-a/")).toEqual([]);
});
