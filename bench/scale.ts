import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { countUnread } from "../api/chat/chat.repository";
import { openDatabase } from "../api/db/database";
import { countNewLikes } from "../api/likes/likes.repository";
import { listRelatedProfiles, searchProfiles, signupMatches } from "../api/members/members.repository";
import { findNextSwipeProfile } from "../api/swipe/swipe.repository";

/** Each demo member is there this many times in the large site. */
const copies = 100;
const calls = 25;

/**
 * Member lists on a large site in `npm run bench`: the bench's demo site with every member copied 99 more times
 * (about 30,000 members, last seen at random over three weeks), in a file of its own; then the median time of the
 * queries behind a search, a swipe card, the signup suggestions, a profile's related members and the top bar's
 * counts, for the free demo member. They must not grow with the site (docs/architecture.md, "Member search at scale").
 */
export async function benchScale(dataDir: string) {
  const file = path.join(dataDir, "scale-bench.db");
  fs.rmSync(file, { force: true });
  const source = new SQLite(path.join(dataDir, "app.db"), { readonly: true });
  source.exec(`vacuum into '${file.replaceAll("'", "''")}'`);
  source.close();
  const members = multiplyMembers(file);

  const db = openDatabase(`file:${file}`);
  try {
    const viewer = await db
      .selectFrom("users")
      .innerJoin("profiles", "profiles.user_id", "users.id")
      .select(["users.id", "users.site_id", "profiles.country"])
      .where("users.email", "=", "free@example.com")
      .executeTakeFirstOrThrow();
    const { id, site_id: site, country } = viewer;
    const cases: [string, () => Promise<unknown>][] = [
      ["search, page 1", () => searchProfiles(db, site, id, {}, 1, 24)],
      ["search, women, page 20", () => searchProfiles(db, site, id, { gender: "female" }, 20, 24)],
      [`search, women in ${country}`, () => searchProfiles(db, site, id, { gender: "female", country }, 1, 24)],
      [
        "search, women aged 25 to 35",
        () => searchProfiles(db, site, id, { gender: "female", min_age: 25, max_age: 35 }, 1, 24),
      ],
      ["swipe game, next card", () => findNextSwipeProfile(db, site, id, ["male"], country)],
      ["signup suggestions (12)", () => signupMatches(db, site, id, ["male"], country, 12)],
      ["profile, related members (6)", () => listRelatedProfiles(db, site, id, { id: 0, gender: "male", country }, 6)],
      ["top bar, unread messages", () => countUnread(db, id)],
      ["top bar, new likes", () => countNewLikes(db, site, id)],
    ];
    console.log(
      `\nmember lists on a site of ${members.toLocaleString("en")} members (SQLite), median of ${calls} calls`,
    );
    console.log("query                                       ms");
    for (const [name, run] of cases) {
      const times: number[] = [];
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(40)} ${times[Math.floor(calls / 2)]!.toFixed(2).padStart(6)}`);
    }
  } finally {
    await db.destroy();
  }
}

/** Copies every member with a profile (account, profile, photos) `copies - 1` times; answers how many there are. */
function multiplyMembers(file: string): number {
  const db = new SQLite(file);
  try {
    const columns = (table: string) =>
      (db.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    const { users: userIds, photos: photoIds } = db
      .prepare("select (select max(id) from users) + 1 as users, (select max(id) from photos) + 1 as photos")
      .get() as { users: number; photos: number };
    const originals = "select user_id from profiles";
    const copy = db.transaction((k: number) => {
      const shifted = (table: string, map: Record<string, string>) => {
        const names = columns(table);
        const values = names.map((c) => map[c] ?? `"${c}"`);
        return `insert into ${table} (${names.map((c) => `"${c}"`)}) select ${values}`;
      };
      db.prepare(
        `${shifted("users", {
          id: `id + ${k * userIds}`,
          email: `'${k}-' || email`,
          mail_token: "null",
          signup_profile_id: "null",
          last_seen_at: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || abs(random() % 1814400) || ' seconds')",
        })} from users where id in (${originals}) and id < ${userIds}`,
      ).run();
      db.prepare(
        `${shifted("profiles", { user_id: `user_id + ${k * userIds}` })} from profiles where user_id < ${userIds}`,
      ).run();
      db.prepare(
        `${shifted("photos", { id: `id + ${k * photoIds}`, user_id: `user_id + ${k * userIds}` })} from photos` +
          ` where user_id in (${originals}) and id < ${photoIds}`,
      ).run();
    });
    for (let k = 1; k < copies; k++) copy(k);
    return (db.prepare("select count(*) as n from profiles").get() as { n: number }).n;
  } finally {
    db.close();
  }
}
