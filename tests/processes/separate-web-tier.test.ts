import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  ensureBuild,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntil,
} from "./support/server-process";

/*
 * A web tier on its own (docs/operations.md "A separate web tier"): a process with API_URL, no database, in front of
 * an API process on SQLite. A settings change made by `npm run site -- apply` (a third process) shows on the web
 * tier's pages within a second, although its settings cache keeps them 5 minutes and its page cache 30 s: it polls
 * the API's settings version (server/api-settings-version.ts).
 */
const root = path.resolve(import.meta.dirname, "../..");
const apiDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-tier-api-"));
const webDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-tier-web-"));
let api: ServerProcess;
let web: ServerProcess;

/** `npm run site -- <args>` against the API's database, as an operator runs it. */
const siteCommand = (...args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "server/site-cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: apiDataDir, LOG_LEVEL: "warn" },
  });

const homePage = async () => (await fetch(`${web.url}/`)).text();

beforeAll(async () => {
  ensureBuild();
  api = startServerProcess({ port: await freePort(), env: { DATA_DIR: apiDataDir } });
  await api.waitReady();
  web = startServerProcess({
    port: await freePort(),
    env: { DATA_DIR: webDataDir, API_URL: `http://127.0.0.1:${api.port}/api` },
  });
  await web.waitReady();
}, 300_000);

afterAll(async () => {
  await Promise.all([stopServerProcess(web), stopServerProcess(api)]);
  for (const dir of [apiDataDir, webDataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

test("a settings change by `npm run site -- apply` shows on the web-only process's pages within a second", async () => {
  await waitUntil(async () => (await homePage()).includes("Heartline"), "the demo site's page on the web tier");
  // The page twice: the second is the visitor page cache's, and the settings are in the web tier's cache.
  await homePage();
  expect((await fetch(`${web.url}/`)).headers.get("x-page-cache")).toBe("hit");

  const file = path.join(apiDataDir, "localhost.json");
  await siteCommand("export", "localhost", file);
  const name = `Heartline ${crypto.randomInt(1_000_000)}`;
  const definition = JSON.parse(fs.readFileSync(file, "utf8")) as { name: string };
  fs.writeFileSync(file, JSON.stringify({ ...definition, name }));
  const applied = await siteCommand("apply", file);
  expect(applied.stdout).toContain(`name: "${definition.name}" → "${name}"`);
  const changedAt = Date.now();

  await waitUntil(async () => (await homePage()).includes(name), "the new name on the web tier", 1_000);
  expect(Date.now() - changedAt).toBeLessThan(1_000);
  // The API's request log leaves the web tier's polls out (they are at debug), and has the pages' own calls.
  const requestLines = api.lines.filter((line) => line.includes('"msg":"request"'));
  expect(requestLines.some((line) => /"path":"\/api\/settings\.php"/.test(line))).toBe(true);
  expect(requestLines.some((line) => /"path":"\/api\/health\.php"/.test(line))).toBe(false);
});

test("with the API gone the web tier says its settings check failed, waiting longer each time, and stops on SIGTERM", async () => {
  await stopServerProcess(api);
  const failures = () => web.lines.filter((line) => line.includes('"msg":"site settings check failed"'));
  await waitUntil(() => failures().length >= 2, "two failed checks", 5_000);
  const waits = failures().map((line) => (JSON.parse(line) as { retryMs: number }).retryMs);
  expect(waits.slice(0, 2)).toEqual([1000, 2000]);
  web.child.kill("SIGTERM");
  expect(await web.exited).toBe(0);
  expect(web.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
});
