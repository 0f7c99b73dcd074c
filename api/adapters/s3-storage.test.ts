import { afterAll, beforeAll, expect, test } from "vitest";
import { type FakeS3, startFakeS3 } from "../../tests/api/support/fake-s3";
import { s3LocationFrom, s3Storage } from "./s3-storage";

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

test("S3_URL names the endpoint, bucket, folder, region and the key pair", () => {
  expect(s3LocationFrom("https://AK%2F1:se%2Bcret@s3.example.com:9000/bucket/site/a?region=eu-central-1")).toEqual({
    endpoint: "https://s3.example.com:9000",
    region: "eu-central-1",
    bucket: "bucket",
    prefix: "site/a/",
    accessKeyId: "AK/1",
    secretAccessKey: "se+cret",
  });
  expect(s3LocationFrom("http://k:s@127.0.0.1:9000/b")).toMatchObject({ region: "us-east-1", prefix: "" });
  expect(() => s3LocationFrom("https://s3.example.com/bucket")).toThrow(/access key/);
  expect(() => s3LocationFrom("https://k:s@s3.example.com/")).toThrow(/bucket/);
});

test("puts, gets and removes signed objects under the URL's folder and the storage's own", async () => {
  const storage = s3Storage(s3LocationFrom(`${s3.url}/site-1`), "photos/", { cacheControl: "public, max-age=60" });
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
  await storage.put("m1-abc.jpg", bytes);
  expect(s3.objects.get("site-1/photos/m1-abc.jpg")).toMatchObject({
    contentType: "image/jpeg",
    cacheControl: "public, max-age=60",
  });
  expect(await storage.get("m1-abc.jpg")).toEqual(Buffer.from(bytes));
  await storage.put("m1-abc.webp", Buffer.from("RIFF"));
  expect(s3.objects.get("site-1/photos/m1-abc.webp")?.contentType).toBe("image/webp");
  await storage.remove("m1-abc.jpg");
  expect(s3.objects.has("site-1/photos/m1-abc.jpg")).toBe(false);
  expect(await storage.get("m1-abc.jpg")).toBeNull();
  await expect(storage.remove("never-was.jpg")).resolves.toBeUndefined();
});

test("a key that could leave the folder is refused before anything is sent", async () => {
  const storage = s3Storage(s3LocationFrom(s3.url), "private/");
  const before = s3.requests;
  for (const key of ["../photos/x.jpg", "/x.jpg", "a//b.jpg", "a b.jpg"]) {
    await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
  }
  expect(s3.requests).toBe(before);
});

test("a busy store is retried; a wrong secret is an error, never a silent loss", async () => {
  const storage = s3Storage(s3LocationFrom(s3.url), "private/");
  s3.failNext(2);
  await storage.put("chat/1/a-320.webp", Buffer.from("after two refusals"));
  expect(s3.objects.get("private/chat/1/a-320.webp")?.body.toString()).toBe("after two refusals");

  const wrong = s3Storage(s3LocationFrom(s3.url.replace(/:[^:@]+@/, ":wrong@")), "private/");
  await expect(wrong.put("chat/1/b.webp", Buffer.from("x"))).rejects.toThrow();
  await expect(wrong.get("chat/1/a-320.webp")).rejects.toThrow();
  expect(s3.objects.has("private/chat/1/b.webp")).toBe(false);
});
