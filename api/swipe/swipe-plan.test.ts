import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { createSite, insertMembers } from "../../tests/api/support/factories";
import { recordingDatabase } from "../../tests/api/support/recording-database";
import { openDatabase, refreshPlannerStatistics } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { findNextSwipeProfile, swipeWindow } from "./swipe.repository";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swipe-plan-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** A site of 3,000 women in GB, seen one second apart, then `men` men in GB seen after all of them, and a viewer. */
async function siteWithMenSeenLast(name: string, men: { country: string }) {
  const file = path.join(dir, name);
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  const site = await createSite(db);
  const women = await insertMembers(db, site.id, 3000, { lastSeen: (i) => secondsAgo(i) });
  const seenLast = await insertMembers(db, site.id, 3, {
    gender: "male",
    country: men.country,
    lastSeen: (i) => secondsAgo(3000 + i),
  });
  await refreshPlannerStatistics(db);
  await db.destroy();
  return { file, site, viewer: women[0]!, seenLast };
}

test("the next swipe card is found among the most recently seen members, walked in order, not by sorting every sought member", async () => {
  const { file, site, viewer } = await siteWithMenSeenLast("recent.db", { country: "FR" });
  const { recording, statements, plan } = recordingDatabase(file);
  const women = (await recording.selectFrom("users").select("id").orderBy("last_seen_at", "desc").execute()).map(
    (row) => row.id,
  );
  statements.length = 0;
  const card = await findNextSwipeProfile(recording, site.id, viewer, ["female"], "GB");
  // The most recently seen woman other than the viewer: the first of the window.
  expect(card?.id).toBe(women.find((id) => id !== viewer));
  expect(statements).toHaveLength(1);
  const steps = plan(statements[0]!).join(" | ");
  expect(steps).toMatch(/SEARCH seen USING COVERING INDEX users_recently_active/);
  expect(steps).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  await recording.destroy();
});

test("a sought member seen after the window is still found, own country first", async () => {
  const { file, site, viewer, seenLast } = await siteWithMenSeenLast("beyond.db", { country: "GB" });
  expect(3000).toBeGreaterThan(swipeWindow);
  const { recording, statements } = recordingDatabase(file);
  const card = await findNextSwipeProfile(recording, site.id, viewer, ["male"], "GB");
  // The men were all seen after the window's 3,000 women: the whole read finds the most recent of them.
  expect(card?.id).toBe(seenLast[0]);
  expect(statements).toHaveLength(2);
  // None in the viewer's country: the rest, most recent first.
  expect((await findNextSwipeProfile(recording, site.id, viewer, ["male"], "FR"))?.id).toBe(seenLast[0]);
  await recording.destroy();
});
