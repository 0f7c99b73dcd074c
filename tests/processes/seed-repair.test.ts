import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "../../api/db/database";
import { migrateToLatest } from "../../api/db/migrate";
import { demoAddresses, demoLogins } from "../../api/db/seed/demo-addresses";
import { demoCompany, demoSite } from "../../api/db/seed/demo-site";
import { webPush } from "../../api/notifications/web-push";
import {
  ensureBuild,
  freePort,
  logIn,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "./support/server-process";

/*
 * A database an interrupted first start of an older version left with the demo site's row and no members
 * (docs/operations.md "First start"), made here by hand: the next start completes the demo and is healthy.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-repair-"));
const databaseUrl = `file:${path.join(dataDir, "app.db")}`;
let server: ServerProcess | undefined;

afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the demo site's row and nothing else: the next start makes the whole demo, and is ready", async () => {
  ensureBuild();
  const db = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const company = await db.insertInto("companies").values(demoCompany).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("sites")
      .values({ ...demoSite(company.id, (await webPush()).generateVAPIDKeys()), origin: "http://localhost:3000" })
      .execute();
  } finally {
    await db.destroy();
  }

  server = startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir } });
  await server.waitReady();
  expect(server.lines.some((line) => line.includes("demo site repaired"))).toBe(true);
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);

  const check = openDatabase(databaseUrl);
  try {
    const sites = await check.selectFrom("sites").select("id").execute();
    expect(sites).toHaveLength(1);
    const domains = await check.selectFrom("site_domains").select(["domain", "site_id"]).orderBy("domain").execute();
    expect(domains).toEqual([
      { domain: "127.0.0.1", site_id: sites[0]!.id },
      { domain: "localhost", site_id: sites[0]!.id },
    ]);
    const users = await check.selectFrom("users").select("email").execute();
    expect(users.map((u) => u.email).sort()).toEqual(demoAddresses().sort());
  } finally {
    await check.destroy();
  }
  for (const login of Object.values(demoLogins)) await logIn(server, login.email, login.password);
  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Heartline");
}, 600_000);
