import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { assertStorageKey, type FileStorage, localDiskStorage } from "./storage";

let parent: string;
let root: string;
let storage: FileStorage;

beforeEach(async () => {
  // The root is a folder inside a scratch folder, so a key that escaped it would land where the test can see it.
  parent = await fs.mkdtemp(path.join(os.tmpdir(), "storage-test-"));
  root = path.join(parent, "uploads");
  storage = localDiskStorage(root);
});

afterEach(async () => {
  await fs.rm(parent, { recursive: true, force: true });
});

describe("localDiskStorage", () => {
  test("stores and returns bytes, creating folders, under the root", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await storage.put("chat/12/345-800.webp", bytes);
    expect(await storage.get("chat/12/345-800.webp")).toEqual(Buffer.from(bytes));
    expect(await fs.readFile(path.join(root, "chat", "12", "345-800.webp"))).toEqual(Buffer.from(bytes));
  });

  test("replaces a file and leaves no temporary file behind", async () => {
    await storage.put("chat/1/a.jpg", Buffer.from("first version, the longer one"));
    await storage.put("chat/1/a.jpg", Buffer.from("second"));
    expect((await storage.get("chat/1/a.jpg"))?.toString()).toBe("second");
    expect(await fs.readdir(path.join(root, "chat", "1"))).toEqual(["a.jpg"]);
  });

  test("answers null for a missing key, also under a missing folder or a file used as a folder", async () => {
    expect(await storage.get("chat/9/none.webp")).toBeNull();
    await storage.put("chat/file", Buffer.from("x"));
    expect(await storage.get("chat/file/inside.webp")).toBeNull();
  });

  test("removes a file, and a missing one without complaint", async () => {
    await storage.put("chat/2/b.webp", Buffer.from("b"));
    await storage.remove("chat/2/b.webp");
    expect(await storage.get("chat/2/b.webp")).toBeNull();
    await expect(storage.remove("chat/2/b.webp")).resolves.toBeUndefined();
    await expect(storage.remove("never/was.webp")).resolves.toBeUndefined();
  });

  test.each([
    "../escape.webp",
    "chat/../../escape.webp",
    "chat/..",
    "..",
    "a..b",
    "/etc/passwd",
    `${os.tmpdir()}/escape.webp`,
    "chat\\12\\a.webp",
    "..\\escape.webp",
    "C:/escape.webp",
    "chat//a.webp",
    "chat/",
    "./a.webp",
    "chat/./a.webp",
    "",
    "foto 1.jpg",
    "föto.jpg",
    "a.jpg\0.txt",
    "chat/%2e%2e/a.webp",
  ])("refuses the key %j for put, get and remove", async (key) => {
    expect(() => assertStorageKey(key)).toThrow(/Invalid storage key/);
    await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
    // Nothing was written anywhere, not even the root.
    expect(await fs.readdir(parent)).toEqual([]);
  });

  test("takes keys of letters, digits, slashes, dots, dashes and underscores", () => {
    for (const key of ["a", "chat/12/345-800.webp", "profile/7/photo_2.v1.jpeg", ".hidden", "A-Z_0-9"]) {
      expect(() => assertStorageKey(key)).not.toThrow();
    }
  });
});
