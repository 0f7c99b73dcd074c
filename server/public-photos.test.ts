import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { FileStorage } from "../api/adapters/storage";
import { servePublicPhotos } from "./public-photos";

const files = new Map([["m1-abc-thumb.webp", Buffer.from("RIFF....WEBP")]]);
const storage: FileStorage = {
  put: async () => {},
  get: async (key) => files.get(key) ?? null,
  remove: async () => {},
};
let url: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.get("/uploads/photos/:file", servePublicPhotos(storage));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads/photos/`;
  close = () => server.close();
});
afterAll(() => close());

test("a published photo is served from the storage with its type and a week's caching", async () => {
  const answer = await fetch(`${url}m1-abc-thumb.webp`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("image/webp");
  expect(answer.headers.get("cache-control")).toBe("public, max-age=604800");
  expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe("RIFF....WEBP");
});

test("a missing photo, another kind of file or a path out of the folder is not found", async () => {
  for (const name of ["m1-none.jpg", "m1-abc-thumb.svg", "..%2Fprivate%2Fa.jpg", "a.b.jpg"])
    expect((await fetch(`${url}${name}`)).status).toBe(404);
});
