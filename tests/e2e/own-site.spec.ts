import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../support/free-port";
import { expect, test } from "./support/fixtures";

// docs/operations.md "Your own site", as a new operator follows it: its commands, run on a fresh SQLite data
// directory, then the site's pages asked for with the Host header of its domain. The browser plays no part, so the
// no-js run would repeat the same requests.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "commands and HTTP only: the same with JavaScript off");

const repo = path.resolve(import.meta.dirname, "../..");

/** The walk-through's shell block: the first one of the section. */
function documentedCommands(): string[] {
  const docs = fs.readFileSync(path.join(repo, "docs/operations.md"), "utf8");
  const section = docs.slice(docs.indexOf("## Your own site"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block.split("\n").filter((line) => line.trim() !== "");
}

function get(port: number, pathname: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      // A new connection each time: a kept-alive one the server has just closed would answer "socket hang up".
      .get({ host: "127.0.0.1", port, path: pathname, headers: { host }, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

let server: ChildProcess | undefined;
let dir: string;
test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("from an empty data directory to the site answering on its domain with its first admin's link; a change applied later shows at once", async () => {
  test.setTimeout(240_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-site-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(dir, "data"),
    PORT: String(port),
    LOG_LEVEL: "warn",
  };
  delete env.SEED_DEMO;
  delete env.DATABASE_URL;
  const file = path.join(dir, "site.json");
  const inDir = (command: string) => command.replaceAll(" site.json", ` ${file}`);

  const [clone, build, copy, create, start] = documentedCommands();
  expect(clone).toMatch(/^git clone /);
  expect(build).toBe("npm ci && npm run build");
  // This repository is the clone, built before the journeys run.
  execSync(inDir(copy!), { cwd: repo, env });
  const created = execSync(inDir(create!), { cwd: repo, env, encoding: "utf8" });
  expect(created).toContain("Amora answers for dating.example");
  const link = /https:\/\/dating\.example(\/reset-password\/do\?token=\S+)/.exec(created)?.[1];
  expect(link).toBeDefined();

  expect(start).toBe("SITE_DOMAIN=dating.example npm start");
  const log = fs.openSync(path.join(dir, "server.log"), "a");
  server = spawn("sh", ["-c", start!], { cwd: repo, env, detached: true, stdio: ["ignore", log, log] });
  await expect
    .poll(
      () =>
        get(port, "/healthz", "127.0.0.1").then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);

  const home = await get(port, "/", "dating.example");
  expect(home.status).toBe(200);
  expect(home.body).toContain("Amora");
  expect((await get(port, "/", "www.amora.example")).status).toBe(200);
  // The administrator's one-time link opens the form to choose a password.
  const setUp = await get(port, link!, "dating.example");
  expect(setUp.status).toBe(200);
  // No demo site on a deployment of one's own.
  expect((await get(port, "/", "localhost")).status).toBe(404);

  // Later: the operator edits the file and applies it; the running site shows it without a restart.
  // The site's own pages have been served, so its settings are in the web tier's and the API's caches.
  const site = JSON.parse(fs.readFileSync(file, "utf8"));
  expect((await get(port, "/", "dating.example")).body).not.toContain("Amora Love");
  site.name = "Amora Love";
  fs.writeFileSync(file, JSON.stringify(site, null, 2));
  // A dry run shows the change and makes none.
  const dry = execSync(`npm run site -- apply ${file} --dry-run`, { cwd: repo, env, encoding: "utf8" });
  expect(dry).toContain('name: "Amora" → "Amora Love"');
  expect((await get(port, "/", "dating.example")).body).not.toContain("Amora Love");
  execSync(`npm run site -- apply ${file}`, { cwd: repo, env });
  await expect
    .poll(async () => (await get(port, "/", "dating.example")).body, { timeout: 5_000 })
    .toContain("Amora Love");
});
