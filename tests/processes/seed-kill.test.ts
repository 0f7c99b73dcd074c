import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, test } from "vitest";
import { demoLogins } from "../../api/db/seed/seed";
import {
  ensureBuild,
  freePort,
  logIn,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "./support/server-process";

/*
 * A first start killed (kill -9) while it seeds the demo, at each step, then started again: the full demo, healthy
 * (docs/operations.md "First start"). SEED_PAUSE_AFTER (test only, api/db/seed/seed-lock.ts) holds the seeding after a
 * step so that the kill lands there: after the photos are written, after the site row, after the members (before the
 * commit). Each start after a kill goes on to the next step, so it too found nothing half made.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-kill-"));
let server: ServerProcess | undefined;

afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = (table: string) => {
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test("killed after the photos, after the site row and after the members: the next start seeds the whole demo", async () => {
  ensureBuild();
  for (const step of ["photos", "site", "members"]) {
    server = startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir, SEED_PAUSE_AFTER: step } });
    await server.waitForLine(new RegExp(`seed paused after ${step}`), 240_000);
    server.child.kill("SIGKILL");
    await server.exited;
    expect([count("sites"), count("users")]).toEqual([0, 0]);
  }
  server = startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir } });
  await server.waitReady();
  expect(server.lines.some((l) => l.includes("demo site seeded"))).toBe(true);
  expect(count("sites")).toBe(1);
  expect(count("users")).toBeGreaterThan(50);
  for (const login of Object.values(demoLogins)) await logIn(server, login.email, login.password);
}, 900_000);
