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

const calls = 25;
const messagesPerConversation = 50;

/** How a site is grown from the bench's demo site for the comparison. */
interface Growth {
  /** Each demo member is there this many times. */
  copies: number;
  /** Likes the free demo member has received; of those, liked back (matches) and not yet seen (new). */
  likesReceived: number;
  likedBack: number;
  newLikes: number;
  /** Conversations of `messagesPerConversation` messages; of those, the free demo member's own. */
  conversations: number;
  memberConversations: number;
}

/** The large site of issue 35. */
const large: Growth = {
  copies: 100,
  likesReceived: 10_000,
  likedBack: 200,
  newLikes: 500,
  conversations: 2_000,
  memberConversations: 24,
};

/**
 * The demo site with the free demo member's own lists as full as on the large site (a page each of likes, matches and
 * conversations: 24), and nothing else added: the two differ in the size of the site, not in what the page shows.
 */
const small: Growth = {
  copies: 1,
  likesReceived: 48,
  likedBack: 24,
  newLikes: 12,
  conversations: 24,
  memberConversations: 24,
};

/** What bench.ts lends this part: how it starts and loads a server, and the member's pages there. */
export interface ScaleBench {
  dataDir: string;
  /** The ports of this part's two servers: the demo site with full lists, and the large site. */
  smallPort: number;
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
 * beside the same page on another copy of the demo site where the member's own lists are as full (`small`), in paired
 * rounds. Costs must not grow with the site (docs/architecture.md, "Member search at scale").
 */
export async function benchScale(bench: ScaleBench) {
  const smallFile = copyDemoSite(bench.dataDir, "scale-small.db");
  const smallSite = growSite(smallFile, small);
  const largeFile = copyDemoSite(bench.dataDir, "scale-bench.db");
  const largeSite = growSite(largeFile, large);
  await timeQueries(largeFile, largeSite.members);
  await comparePages(bench, { file: smallFile, site: smallSite }, { file: largeFile, site: largeSite });
}

/** A fresh copy of the bench's demo database. */
function copyDemoSite(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const source = new SQLite(path.join(dataDir, "app.db"), { readonly: true });
  source.exec(`vacuum into '${file.replaceAll("'", "''")}'`);
  source.close();
  return file;
}

interface LargeSite {
  members: number;
  likes: number;
  matches: number;
  conversations: number;
  memberConversations: number;
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
 * The member's pages on the demo site with full lists and on the large one, one after the other in each round
 * (autocannon, CPU ms per request from /proc): the medians, and the median and range of the rounds' ratios.
 */
async function comparePages(
  bench: ScaleBench,
  demo: { file: string; site: LargeSite },
  grown: { file: string; site: LargeSite },
) {
  const serve = (port: number, file: string) =>
    bench.start([...bench.heapFlags, "start.mjs"], {
      ...bench.startEnv,
      PORT: String(port),
      DATA_DIR: bench.dataDir,
      DATABASE_URL: `file:${file}`,
      LOG_LEVEL: "warn",
    });
  const demoOrigin = `http://localhost:${bench.smallPort}`;
  const largeOrigin = `http://localhost:${bench.largePort}`;
  const demoServer = serve(bench.smallPort, demo.file);
  const largeServer = serve(bench.largePort, grown.file);
  try {
    await bench.waitFor(`${demoOrigin}/healthz`);
    await bench.waitFor(`${largeOrigin}/healthz`);
    const cookie = `entry_warning_skipped=1; ${bench.cookie}`;
    for (const origin of [demoOrigin, largeOrigin])
      for (const page of bench.pages) {
        const answer = await fetch(origin + page.path, { headers: { cookie }, redirect: "manual" });
        await answer.body?.cancel();
        if (answer.status !== 200) throw new Error(`${origin}${page.path} answered ${answer.status}`);
      }
    const [load] = os.loadavg();
    const described = ({ site }: { site: LargeSite }) =>
      `${site.members.toLocaleString("en")} members, ${site.likes.toLocaleString("en")} likes received by the member` +
      ` (${site.matches} matches), ${site.messages.toLocaleString("en")} messages in` +
      ` ${site.conversations.toLocaleString("en")} conversations (${site.memberConversations} of them the member's)`;
    console.log(
      `\nmember pages as the free demo member: the demo site (${described(demo)}) beside a site of ${described(grown)};` +
        ` ${bench.rounds} paired rounds, load average ${load!.toFixed(1)}`,
    );
    console.log("page                        demo CPU ms/req   large CPU ms/req   ratio (median, range)   goal 1.30");
    for (const page of bench.pages) {
      const small: number[] = [];
      const big: number[] = [];
      let errors = 0;
      for (let round = 0; round < bench.rounds; round++) {
        const a = await bench.load(demoOrigin + page.path, demoServer.pid!, cookie);
        const b = await bench.load(largeOrigin + page.path, largeServer.pid!, cookie);
        small.push(a.cpu);
        big.push(b.cpu);
        errors += a.errors + b.errors;
      }
      const ratios = big.map((cpu, i) => cpu / small[i]!).sort((a, b) => a - b);
      const ratio = median(ratios);
      console.log(
        `${page.title.padEnd(28)} ${median(small).toFixed(2).padStart(15)} ${median(big).toFixed(2).padStart(18)}` +
          ` ${`${ratio.toFixed(2)} (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})`.padStart(23)}` +
          ` ${ratio <= 1.3 ? "   within" : "   over"}` +
          (errors ? `   (${errors} errors/non-2xx)` : ""),
      );
    }
  } finally {
    demoServer.kill("SIGTERM");
    largeServer.kill("SIGTERM");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The site grown: members copied, the free demo member's likes, and the conversations. */
function growSite(file: string, growth: Growth): LargeSite {
  const db = new SQLite(file);
  try {
    const { members, firstCopy } = multiplyMembers(db, growth.copies);
    const free = (db.prepare("select id from users where email = 'free@example.com'").get() as { id: number }).id;
    // Copies only where there are copies (the demo's own members are the chat bench's), in a fixed order; else the
    // demo's members who have no conversation with the free demo member yet.
    const others = (
      db
        .prepare(
          "select user_id from profiles where user_id >= ? and user_id != ? and user_id not in" +
            " (select member_low from conversations where member_high = ?" +
            " union select member_high from conversations where member_low = ?) order by user_id",
        )
        .all(growth.copies > 1 ? firstCopy : 0, free, free, free) as { user_id: number }[]
    ).map((r) => r.user_id);
    const memberOnly = growth.conversations === growth.memberConversations;
    const needed = growth.likesReceived + (memberOnly ? growth.conversations : 2 * growth.conversations);
    if (others.length < needed) throw new Error(`the grown site needs ${needed} members, it has ${others.length}`);
    addLikes(db, free, others.slice(0, growth.likesReceived), growth);
    addConversations(db, free, others.slice(growth.likesReceived), growth);
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const received = db
      .prepare("select count(*) as n, coalesce(sum(mutual), 0) as matches from likes where liked_id = ?")
      .get(free) as { n: number; matches: number };
    return {
      members,
      likes: received.n,
      matches: received.matches,
      conversations: count("conversations"),
      memberConversations: (
        db
          .prepare("select count(*) as n from conversations where member_low = ? or member_high = ?")
          .get(free, free) as { n: number }
      ).n,
      messages: count("messages"),
    };
  } finally {
    db.close();
  }
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** `likesReceived` likes of the free demo member over 90 days, the newest `newLikes` unseen; `likedBack` liked back. */
function addLikes(db: SQLite.Database, free: number, likers: number[], growth: Growth) {
  const like = db.prepare(
    "insert into likes (liker_id, liked_id, created_at, like_new, source) values (?, ?, ?, ?, 'profile')" +
      " on conflict do nothing",
  );
  const step = (90 * 24 * 3600) / likers.length;
  db.transaction(() => {
    likers.forEach((liker, i) => {
      like.run(liker, free, ago(60 + i * step), i < growth.newLikes ? 1 : 0);
      if (i % Math.floor(likers.length / growth.likedBack) === 0) like.run(free, liker, ago(30 + i * step), 0);
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
function addConversations(db: SQLite.Database, free: number, others: number[], growth: Growth) {
  const { conversations, memberConversations } = growth;
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
function multiplyMembers(db: SQLite.Database, copies: number) {
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
