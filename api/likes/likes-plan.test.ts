import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { likesCountCap } from "../../contract/likes";
import { createSite, insertMembers } from "../../tests/api/support/factories";
import { recordingDatabase } from "../../tests/api/support/recording-database";
import { openDatabase, refreshPlannerStatistics } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import * as likesMutual from "../db/migrations/0041-likes-mutual";
import { countLikes, countLikesReceived, listLikes } from "./likes.repository";

// A popular member (docs/architecture.md "Member search at scale"): 2,000 likes received, 300 liked back, 100 more given.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "likes-plan-"));
const file = path.join(dir, "app.db");
let site: number;
let viewer: number;
let likers: number[];
const likedBack = 300;

beforeAll(async () => {
  const db = openDatabase(`file:${file}`);
  await migrateToLatest(db);
  site = (await createSite(db)).id;
  const members = await insertMembers(db, site, 2101);
  viewer = members[0]!;
  likers = members.slice(1);
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
  const rows = likers.flatMap((id, i) => [
    ...(i < 2000 ? [{ liker_id: id, liked_id: viewer!, created_at: at(i), like_new: i % 3 === 0 ? 1 : 0 }] : []),
    ...(i < likedBack || i >= 2000 ? [{ liker_id: viewer!, liked_id: id, created_at: at(i), like_new: 0 }] : []),
  ]);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("likes")
      .values(rows.slice(i, i + 500))
      .execute();
  // Made in bulk, not liked: the migration marks what was mutual before it, as it did on a live site.
  await likesMutual.down(db as Kysely<any>);
  await likesMutual.up(db as Kysely<any>);
  await refreshPlannerStatistics(db);
  await db.destroy();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the migration marks both likes of each pair that like each other, and no other like", async () => {
  const db = openDatabase(`file:${file}`);
  const mutual = await db.selectFrom("likes").select(["liker_id", "liked_id"]).where("mutual", "=", 1).execute();
  await db.destroy();
  const pairs = likers.slice(0, likedBack).flatMap((id) => [`${id}>${viewer}`, `${viewer}>${id}`]);
  expect(mutual.map((like) => `${like.liker_id}>${like.liked_id}`).sort()).toEqual(pairs.sort());
});

test("a page of matches or of likes given reads its rows in the order of its index, not every like sorted", async () => {
  const { recording, statements, plan } = recordingDatabase(file);
  const matches = await listLikes(recording, site, viewer, "matches", { limit: 24, offset: 0 });
  const given = await listLikes(recording, site, viewer, "given", { limit: 24, offset: 0 });
  expect(await countLikes(recording, site, viewer, "matches")).toBe(likedBack);
  // Of the first 1,000 received, new first: every one of the 667 new.
  expect(await countLikesReceived(recording, site, viewer)).toEqual({ received: likesCountCap, fresh: 667 });

  // Matches: new first, then newest (the likers made last liked last); given: newest first.
  const newBack = likers.slice(0, likedBack).filter((_, i) => i % 3 === 0);
  expect(matches.map((row) => row.id)).toEqual(newBack.reverse().slice(0, 24));
  expect(given.map((row) => row.id)).toEqual(likers.slice(2000).reverse().slice(0, 24));
  const [matchesPlan, givenPlan, countPlan, receivedPlan] = statements.map((statement) => plan(statement).join(" | "));
  expect(matchesPlan).toMatch(/SEARCH likes USING (COVERING )?INDEX likes_matches_order/);
  expect(givenPlan).toMatch(/SEARCH likes USING (COVERING )?INDEX likes_given_order/);
  for (const steps of [matchesPlan, givenPlan]) expect(steps).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  expect(countPlan).toMatch(/likes_matches_order/);
  expect(receivedPlan).toMatch(/likes_received_order/);
  expect(receivedPlan).not.toMatch(/TEMP B-TREE/);
  await recording.destroy();
});
