import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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
/** The large site of issue 35: likes the free demo member has received, and the chat's conversations and messages. */
const likesReceived = 10_000;
/** Of those, liked back by the free demo member (matches) and not yet seen (new). */
const likedBack = 200;
const newLikes = 500;
const conversations = 2_000;
const messagesPerConversation = 50;
/** Of the conversations, the free demo member's own (a full page of the chat list). */
const memberConversations = 24;

/** What bench.ts lends this part: its server, how it starts and loads one, and the member's pages there. */
export interface ScaleBench {
  dataDir: string;
  /** The bench's server on the demo site, and the port for the one on the large site. */
  demo: { origin: string; pid: number };
  largePort: number;
  start: (args: string[], env: Record<string, string>) => ChildProcess;
  waitFor: (url: string) => Promise<void>;
  load: (url: string, pid: number, cookie?: string) => Promise<{ cpu: number; rps: number; errors: number }>;
  /** The free demo member's session cookie, valid on both sites (the large one is a copy). */
  cookie: string;
  /** The member pages measured on both sites, by title. */
  pages: { title: string; path: string }[];
  /** The node flags and variables of package.json's start script. */
  heapFlags: string[];
  startEnv: Record<string, string>;
  rounds: number;
}

/**
 * The site of issue 35 in `npm run bench`: the bench's demo site copied into a file of its own, with every member
 * copied 99 more times (about 30,000 members, last seen at random over three weeks), 10,000 likes received by the free
 * demo member, and 2,000 more conversations of 50 messages (100,000), 24 of them the free demo member's. First the
 * median time of the queries behind a search, a swipe card, the signup suggestions, a profile's related members and
 * the top bar's counts; then each member page's CPU per request served by the production server on this database
 * beside the same page on the demo site, in paired rounds. Costs must not grow with the site (docs/architecture.md,
 * "Member search at scale").
 */
export async function benchScale(bench: ScaleBench) {
  const file = path.join(bench.dataDir, "scale-bench.db");
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const source = new SQLite(path.join(bench.dataDir, "app.db"), { readonly: true });
  source.exec(`vacuum into '${file.replaceAll("'", "''")}'`);
  source.close();
  const site = growSite(file);
  await timeQueries(file, site.members);
  await comparePages(bench, file, site);
}

interface LargeSite {
  members: number;
  likes: number;
  conversations: number;
  messages: number;
}

async function timeQueries(file: string, members: number) {
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

/**
 * The member's pages on the demo site and on the large one, one after the other in each round (autocannon, CPU ms
 * per request from /proc): the medians, and the median and range of the rounds' ratios.
 */
async function comparePages(bench: ScaleBench, file: string, site: LargeSite) {
  const largeOrigin = `http://localhost:${bench.largePort}`;
  const large = bench.start([...bench.heapFlags, "start.mjs"], {
    ...bench.startEnv,
    PORT: String(bench.largePort),
    DATA_DIR: bench.dataDir,
    DATABASE_URL: `file:${file}`,
    LOG_LEVEL: "warn",
  });
  try {
    await bench.waitFor(`${largeOrigin}/healthz`);
    const cookie = `entry_warning_skipped=1; ${bench.cookie}`;
    for (const page of bench.pages) {
      const answer = await fetch(largeOrigin + page.path, { headers: { cookie }, redirect: "manual" });
      await answer.body?.cancel();
      if (answer.status !== 200) throw new Error(`${page.path} on the large site answered ${answer.status}`);
    }
    const [load] = os.loadavg();
    console.log(
      `\nmember pages as the free demo member: the demo site beside a site of ${site.members.toLocaleString("en")} members,` +
        ` ${site.likes.toLocaleString("en")} likes received by the member, ${site.messages.toLocaleString("en")} messages` +
        ` in ${site.conversations.toLocaleString("en")} conversations (${memberConversations} of them the member's);` +
        ` ${bench.rounds} paired rounds, load average ${load!.toFixed(1)}`,
    );
    console.log("page                        demo CPU ms/req   large CPU ms/req   ratio (median, range)   goal 1.30");
    for (const page of bench.pages) {
      const demo: number[] = [];
      const grown: number[] = [];
      let errors = 0;
      for (let round = 0; round < bench.rounds; round++) {
        const a = await bench.load(bench.demo.origin + page.path, bench.demo.pid, cookie);
        const b = await bench.load(largeOrigin + page.path, large.pid!, cookie);
        demo.push(a.cpu);
        grown.push(b.cpu);
        errors += a.errors + b.errors;
      }
      const ratios = grown.map((cpu, i) => cpu / demo[i]!).sort((a, b) => a - b);
      const ratio = median(ratios);
      console.log(
        `${page.title.padEnd(28)} ${median(demo).toFixed(2).padStart(15)} ${median(grown).toFixed(2).padStart(18)}` +
          ` ${`${ratio.toFixed(2)} (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})`.padStart(23)}` +
          ` ${ratio <= 1.3 ? "   within" : "   over"}` +
          (errors ? `   (${errors} errors/non-2xx)` : ""),
      );
    }
  } finally {
    large.kill("SIGTERM");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The large site: members copied, the free demo member's likes, and the conversations. */
function growSite(file: string): LargeSite {
  const db = new SQLite(file);
  try {
    const { members, firstCopy } = multiplyMembers(db);
    const free = (db.prepare("select id from users where email = 'free@example.com'").get() as { id: number }).id;
    // Copies only (the demo's own members are the chat bench's), in a fixed order.
    const copied = (
      db.prepare("select user_id from profiles where user_id >= ? order by user_id").all(firstCopy) as {
        user_id: number;
      }[]
    ).map((r) => r.user_id);
    if (copied.length < likesReceived + 2 * conversations)
      throw new Error(`the large site needs ${likesReceived + 2 * conversations} members, it has ${copied.length}`);
    addLikes(db, free, copied.slice(0, likesReceived));
    addConversations(db, free, copied.slice(likesReceived));
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return {
      members,
      likes: (db.prepare("select count(*) as n from likes where liked_id = ?").get(free) as { n: number }).n,
      conversations: count("conversations"),
      messages: count("messages"),
    };
  } finally {
    db.close();
  }
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** `likesReceived` likes of the free demo member over 90 days, the newest `newLikes` unseen; `likedBack` liked back. */
function addLikes(db: SQLite.Database, free: number, likers: number[]) {
  const like = db.prepare(
    "insert into likes (liker_id, liked_id, created_at, like_new, source) values (?, ?, ?, ?, 'profile')" +
      " on conflict do nothing",
  );
  db.transaction(() => {
    likers.forEach((liker, i) => {
      like.run(liker, free, ago(60 + i * 777), i < newLikes ? 1 : 0);
      if (i % Math.floor(likers.length / likedBack) === 0) like.run(free, liker, ago(30 + i * 777), 0);
    });
    // Both likes of a match say so, as like and unlike keep them (migration 0041).
    db.prepare(
      "update likes set mutual = 1 where (liker_id = ? or liked_id = ?) and exists" +
        " (select 1 from likes as back where back.liker_id = likes.liked_id and back.liked_id = likes.liker_id)",
    ).run(free, free);
  })();
}

/**
 * `conversations` conversations of `messagesPerConversation` messages over three weeks, the first
 * `memberConversations` with the free demo member, the rest between two other members; both have read all but the last
 * five messages. Messages cost nothing here, so the ledger needs no rows for them.
 */
function addConversations(db: SQLite.Database, free: number, others: number[]) {
  const site = (db.prepare("select site_id from users where id = ?").get(free) as { site_id: number }).site_id;
  const conversation = db.prepare(
    "insert into conversations (site_id, member_low, member_high, started_by, created_at, last_message_at)" +
      " values (?, ?, ?, ?, ?, ?) returning id",
  );
  const message = db.prepare(
    "insert into messages (conversation_id, sender_id, kind, body, credits, idempotency_key, created_at)" +
      " values (?, ?, 'text', ?, 0, ?, ?) returning id",
  );
  const mark = db.prepare("insert into conversation_marks (conversation_id, user_id, read_up_to) values (?, ?, ?)");
  const span = 21 * 24 * 3600;
  db.transaction(() => {
    for (let c = 0; c < conversations; c++) {
      const [a, b] = c < memberConversations ? [others[c]!, free] : [others[2 * c]!, others[2 * c + 1]!];
      const first = span - (c * span) / conversations;
      const at = (n: number) => ago(first - (n * first) / messagesPerConversation);
      const { id } = conversation.get(
        site,
        Math.min(a, b),
        Math.max(a, b),
        a,
        at(0),
        at(messagesPerConversation - 1),
      ) as {
        id: number;
      };
      let readUpTo = 0;
      for (let n = 0; n < messagesPerConversation; n++) {
        const sender = n % 2 === 0 ? a : b;
        const text = `Message ${n + 1} of this conversation, long enough to wrap on a phone like a real one does.`;
        const written = message.get(id, sender, text, `scale-bench-${c}-${n}`, at(n)) as { id: number };
        if (n === messagesPerConversation - 6) readUpTo = written.id;
      }
      mark.run(id, a, readUpTo);
      mark.run(id, b, readUpTo);
    }
  })();
}

/**
 * Copies every member with a profile (account, profile, photos) `copies - 1` times; answers how many members there are
 * and the lowest id a copy can have.
 */
function multiplyMembers(db: SQLite.Database) {
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
  return { members: (db.prepare("select count(*) as n from profiles").get() as { n: number }).n, firstCopy: userIds };
}
