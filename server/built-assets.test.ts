import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { builtAssets } from "./built-assets";

const css = "main{color:red}";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "built-assets-"));
const asset = path.join(dir, "assets", "app-abc.css");
let url: string;
let close: () => void;

beforeAll(async () => {
  fs.mkdirSync(path.dirname(asset));
  fs.writeFileSync(asset, css);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(css));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(css));
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  const app = express();
  app.use(...builtAssets(dir));
  // As the page handler answers what no file is (server/page-handler.ts): React Router's 404 page.
  app.use((_req, res) => {
    res.status(404);
    res.append("Content-Type", "text/html; charset=utf-8");
    res.end("<p>Not found</p>");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a hashed asset is sent precompressed and immutable; another file of the build for an hour", async () => {
  const answer = await fetch(`${url}/assets/app-abc.css`, { headers: { "accept-encoding": "br" } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-encoding")).toBe("br");
  expect(answer.headers.get("content-type")).toMatch(/^text\/css; charset=utf-8$/i);
  expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(await answer.text()).toBe(css);
  expect((await fetch(`${url}/favicon.svg`)).headers.get("cache-control")).toBe("public, max-age=3600");
});

test("an asset gone since the start (a build made under the running server) is the 404 page, not a 500", async () => {
  for (const file of [asset, `${asset}.br`, `${asset}.gz`]) fs.rmSync(file);
  const answer = await fetch(`${url}/assets/app-abc.css`, { headers: { "accept-encoding": "br, gzip" } });
  expect(answer.status).toBe(404);
  expect(answer.headers.get("content-encoding")).toBeNull();
  expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(await answer.text()).toBe("<p>Not found</p>");
});
