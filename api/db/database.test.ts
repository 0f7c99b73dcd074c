import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { createSite, insertMembers } from "../../tests/api/support/factories";
import { visibleProfiles } from "../members/members.repository";
import { openDatabase, refreshPlannerStatistics } from "./database";
import { migrateToLatest } from "./migrate";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planner-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("with the planner's statistics (gathered on opening and hourly), a member's likes are read from their likes, not by walking every member", async () => {
  const file = path.join(dir, "app.db");
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  const site = await createSite(db);
  const users = await insertMembers(db, site.id, 3000);
  // Everyone liked by the one before.
  await db
    .insertInto("likes")
    .values(
      users.slice(1).map((id, i) => ({ liker_id: users[i]!, liked_id: id, created_at: new Date().toISOString() })),
    )
    .execute();
  await refreshPlannerStatistics(db);

  // The query behind the top bar's new-likes count.
  const viewer = users[7]!;
  const { sql, parameters } = visibleProfiles(db, site.id, viewer)
    .innerJoin("likes", (j) => j.onRef("likes.liker_id", "=", "users.id").on("likes.liked_id", "=", viewer))
    .select("users.id")
    .compile();
  const planOf = (connection: SQLite.Database) =>
    (connection.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as { detail: string }[])
      .map((step) => step.detail)
      .join(" | ");
  await db.destroy();

  const connection = new SQLite(file);
  try {
    expect(planOf(connection)).toMatch(
      /^SEARCH likes USING (COVERING )?INDEX likes_(liked|received_order) \(liked_id=/,
    );
    // Without them the site's index of members looks as selective as a key, and it is walked from end to end.
    connection.exec("delete from sqlite_stat1");
    const bare = new SQLite(file);
    expect(planOf(bare)).toMatch(/^SEARCH users USING INDEX users_/);
    bare.close();
  } finally {
    connection.close();
  }
  // Opening the database gathers the statistics it lacks.
  await openDatabase(`file:${file}`).destroy();
  const reopened = new SQLite(file);
  expect(planOf(reopened)).toMatch(/^SEARCH likes USING (COVERING )?INDEX likes_(liked|received_order) \(liked_id=/);
  reopened.close();
});

test("the planner keeps tables' row counts but no samples of index values, with which SQLite prepares statements again on every run", async () => {
  const file = path.join(dir, "small.db");
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  // The size of the demo site: small enough for SQLite to take samples when it gathers statistics.
  const site = await createSite(db);
  await insertMembers(db, site.id, 300);
  await db.destroy();
  const rowsOf = (connection: SQLite.Database, table: string) =>
    (connection.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

  // Opening gathers them.
  await openDatabase(`file:${file}`).destroy();
  const connection = new SQLite(file);
  expect(rowsOf(connection, "sqlite_stat1")).toBeGreaterThan(0);
  expect(rowsOf(connection, "sqlite_stat4")).toBe(0);
  connection.close();

  // The hourly refresh, after the site has grown tenfold.
  const grown = openDatabase(`file:${file}`);
  await insertMembers(grown, site.id, 3000);
  // PRAGMA optimize looks only at tables this connection has read.
  await grown.selectFrom("users").select("id").where("site_id", "=", site.id).execute();
  await refreshPlannerStatistics(grown);
  await grown.destroy();
  const after = new SQLite(file);
  expect(after.prepare("select stat from sqlite_stat1 where idx = 'users_recently_active'").get()).toMatchObject({
    stat: expect.stringMatching(/^3\d{3} /),
  });
  expect(rowsOf(after, "sqlite_stat4")).toBe(0);
  after.close();
});

test("a SQLite database opened again (WAL mode) still syncs every commit (synchronous = FULL)", async () => {
  const file = path.join(dir, "durable.db");
  for (let opening = 0; opening < 2; opening++) {
    const db = openDatabase(`file:${file}`);
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    await db.destroy();
    expect(rows[0]?.synchronous).toBe(2);
  }
});
