import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { createSite, insertMembers } from "../../tests/api/support/factories";
import { recordingDatabase } from "../../tests/api/support/recording-database";
import { openDatabase, refreshPlannerStatistics } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { listRelatedProfiles, searchProfiles } from "./members.repository";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-plan-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a search by age reads its page in the order of recent activity, not every member of the age range sorted", async () => {
  const file = path.join(dir, "app.db");
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  const site = await createSite(db);
  const members = await insertMembers(db, site.id, 3000);
  await refreshPlannerStatistics(db);
  await db.destroy();

  // The statements of one search, as SQLite plans them with the statistics the server gathers.
  const { recording, statements, plan } = recordingDatabase(file);
  const { rows } = await searchProfiles(recording, site.id, members[0]!, { min_age: 25, max_age: 40 }, 1, 24);
  expect(rows).toHaveLength(24);
  const pageQuery = statements.find((statement) => statement.sql.includes(" order by "))!;
  expect(plan(pageQuery)[0]).toMatch(/^SEARCH users USING INDEX users_recently_active/);
  expect(plan(pageQuery).join(" | ")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  await recording.destroy();
});

test("a profile's related members are looked for among the most recently seen first, not by sorting every member of the gender and country", async () => {
  const file = path.join(dir, "related.db");
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  const site = await createSite(db);
  const members = await insertMembers(db, site.id, 3000, {
    lastSeen: (i) => new Date(Date.now() - i * 1000).toISOString(),
  });
  await refreshPlannerStatistics(db);
  await db.destroy();

  const { recording, statements, plan } = recordingDatabase(file);
  const related = await listRelatedProfiles(
    recording,
    site.id,
    members[0]!,
    { id: members[1]!, gender: "female", country: "GB" },
    6,
  );
  expect(related.map((profile) => profile.id)).toEqual(members.slice(2, 8));
  // One query: the window held them all.
  expect(statements).toHaveLength(1);
  const steps = plan(statements[0]!).join(" | ");
  expect(steps).toMatch(/SEARCH seen USING COVERING INDEX users_recently_active/);
  expect(steps).not.toMatch(/profiles_search/);
  await recording.destroy();
});
