import os from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { insertSession } from "../api/accounts/accounts.repository";
import { hashSessionToken, newSessionToken, sessionMaxAgeSeconds } from "../api/accounts/session-token";
import { sendMessage } from "../api/chat/chat.service";
import { moveCredits } from "../api/credits/ledger";
import { checkLedger } from "../api/credits/ledger-check";
import { type Db, nowIso, openDatabase } from "../api/db/database";
import type { UserRow } from "../api/db/schema";
import { inProcessBus } from "../api/events/event-bus";
import { requestFingerprint } from "../api/http/idempotency";
import { visibleProfiles } from "../api/members/members.repository";
import { sessionCookieName } from "../contract/session-cookie";

/**
 * Chat in `npm run bench`: sends per second through the HTTP API (POST /api/message.php, each with its own
 * Idempotency-Key, paid through the ledger) in paired rounds with the durable-commit ceiling (bench/ceiling-server.ts:
 * node:http and one SQLite transaction with synchronous=FULL per request) and their ratio, then the delivery of sent messages to receivers' open Server-Sent Events
 * streams (`/chats/{id}/events`, read as EventSource reads them). The conversations are written into the bench's own
 * database before the server starts; `/chats/{id}` joins the main table (bench.ts).
 */

/** Open conversations (one receiver each, each with its own stream), their senders, and what the delivery run sends. */
const conversations = 200;
const senders = 50;
const deliveryMessages = Number(process.env.BENCH_CHAT_MESSAGES ?? 400);
const deliveryPerSecond = Number(process.env.BENCH_CHAT_RATE ?? 50);
/** Messages in the free demo member's conversation that `/chats/{id}` shows (a page is 30). */
const pageMessages = 30;

export interface ChatPair {
  conversation: number;
  senderCookie: string;
  receiverCookie: string;
}

export interface ChatBench {
  databaseUrl: string;
  /** The free demo member's conversation of `pageMessages` messages: the main table's `/chats/{id}`. */
  pageConversation: number;
  pairs: ChatPair[];
}

/** The bench's server, as bench.ts sees it: CPU time used so far (ms) and resident set (MB). */
export interface Measured {
  cpuMs: () => number;
  rssMb: () => number;
}

const cookieOf = (token: string) => `${sessionCookieName(true)}=${token}`;

/**
 * Before the server starts: the bench database's earlier chat runs are removed (conversations there are only this
 * bench's), then each of `conversations` demo members opens a conversation with one of `senders` others, and the
 * free demo member writes `pageMessages` messages back and forth with one more, all through sendMessage and the
 * ledger (credits given first, as `adjustment`). Demo members have no password: their sessions are written here.
 */
export async function prepareChatBench(dataDir: string): Promise<ChatBench> {
  const databaseUrl = process.env.DATABASE_URL ?? `file:${dataDir}/app.db`;
  const db = openDatabase(databaseUrl);
  try {
    const site = await db.selectFrom("sites").selectAll().where("domain", "=", "localhost").executeTakeFirstOrThrow();
    const demo = await visibleProfiles(db, site.id, null)
      .where("users.password_hash", "is", null)
      .select("users.id")
      .orderBy("users.id")
      .limit(conversations + senders + 1)
      .execute();
    if (demo.length < conversations + senders + 1)
      throw new Error(
        `the chat bench needs ${conversations + senders + 1} demo members, the database has ${demo.length}`,
      );
    const ids = demo.map((m) => m.id);
    await db.deleteFrom("conversations").where("site_id", "=", site.id).execute();
    await db.deleteFrom("sessions").where("user_id", "in", ids).execute();

    const run = Date.now().toString(36);
    const give = (userId: number, amount: number) =>
      db.transaction().execute((trx) =>
        moveCredits(trx, {
          userId,
          amount,
          kind: "adjustment",
          reference: null,
          idempotencyKey: `chat-bench-${run}`,
          at: nowIso(),
        }),
      );
    const user = (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const live = { db, events: inProcessBus() };
    const send = (sender: UserRow, to: { conversation?: number; to?: number }, text: string, n: number) =>
      sendMessage(
        live,
        site,
        sender,
        to,
        { kind: "text", text },
        `chat-bench-${run}-${n}`,
        requestFingerprint("post /api/message.php", { ...to, text }),
      );

    const senderIds = ids.slice(conversations, conversations + senders);
    for (const id of senderIds) await give(id, 1_000_000);
    const tokens = new Map<number, string>();
    for (const id of ids.slice(0, conversations + senders)) {
      const token = newSessionToken();
      const at = new Date();
      await insertSession(
        db,
        id,
        hashSessionToken(token),
        at.toISOString(),
        new Date(at.getTime() + sessionMaxAgeSeconds * 1000).toISOString(),
      );
      tokens.set(id, token);
    }

    const pairs: ChatPair[] = [];
    for (let i = 0; i < conversations; i++) {
      const receiverId = ids[i]!;
      const senderId = senderIds[i % senders]!;
      await give(receiverId, site.message_credits);
      const sent = await send(await user(receiverId), { to: senderId }, "Hello!", 0);
      pairs.push({
        conversation: sent.conversation,
        senderCookie: cookieOf(tokens.get(senderId)!),
        receiverCookie: cookieOf(tokens.get(receiverId)!),
      });
    }

    const free = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "free@example.com")
      .executeTakeFirstOrThrow();
    const other = ids.at(-1)!;
    const perSide = pageMessages / 2;
    await give(free.id, perSide * site.message_credits);
    await give(other, perSide * site.message_credits);
    let pageConversation = 0;
    for (let n = 0; n < pageMessages; n++) {
      const text = `Message ${n + 1} of this conversation, long enough to wrap on a phone like a real one does.`;
      const sent =
        n % 2 === 0
          ? await send(
              await user(free.id),
              pageConversation ? { conversation: pageConversation } : { to: other },
              text,
              n,
            )
          : await send(await user(other), { conversation: pageConversation }, text, n);
      pageConversation = sent.conversation;
    }
    return { databaseUrl, pageConversation, pairs };
  } finally {
    await db.destroy();
  }
}

interface SendRun {
  connections: number;
  rate: number;
  p50: number;
  p99: number;
  cpu: number;
  answered: number;
  written: number;
  /** Answers other than 200, by status, with the first body of each. */
  refused: Map<number, { count: number; body: string }>;
}

/** POST /api/message.php to the pairs' conversations in turn, as their senders, each request with its own key. */
async function sends(
  origin: string,
  pairs: ChatPair[],
  options: { connections: number; prefix: string; duration?: number; amount?: number },
) {
  let n = 0;
  const statuses = new Map<number, { count: number; body: string }>();
  const result = await autocannon({
    url: `${origin}/api/message.php`,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 1 }),
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const k = n++;
          const pair = pairs[k % pairs.length]!;
          return {
            ...request,
            headers: {
              "content-type": "application/json",
              cookie: pair.senderCookie,
              "idempotency-key": `${options.prefix}${k}`,
            },
            body: JSON.stringify({ conversation: pair.conversation, text: `Bench message ${k}` }),
          };
        },
        onResponse: (status, body) => {
          const seen = statuses.get(status);
          if (seen) seen.count++;
          else statuses.set(status, { count: 1, body: body.slice(0, 200) });
        },
      },
    ],
  });
  return { result, statuses };
}

const countWritten = async (db: Db, prefix: string) =>
  Number(
    (
      await db
        .selectFrom("messages")
        .select(sql<number>`count(*)`.as("n"))
        .where("idempotency_key", "like", `${prefix}%`)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Where a send run goes: the site, or the ceiling server (bench/ceiling-server.ts), and how to count its writes. */
export interface SendTarget {
  origin: string;
  server: Measured;
  /** Messages stored under Idempotency-Keys with this prefix. */
  written: (prefix: string) => Promise<number>;
}

/**
 * Sends per second at `connections`. A one-second warm-up (not counted) sizes each measured run, which then sends a
 * fixed number of messages (about `seconds` worth) and waits for every answer, so that the messages written can be
 * compared with the 200 answers exactly.
 */
async function sendRate(
  target: SendTarget,
  pairs: ChatPair[],
  connections: number,
  seconds: number,
  run: string,
): Promise<SendRun> {
  const warm = await sends(target.origin, pairs, { connections, prefix: `warm-${run}-${connections}-`, duration: 1 });
  const amount = Math.max(
    200,
    Math.min(20_000, Math.round((warm.result.requests.total / Math.max(0.1, warm.result.duration)) * seconds)),
  );
  const prefix = `send-${run}-${connections}-`;
  const before = target.server.cpuMs();
  const { result, statuses } = await sends(target.origin, pairs, { connections, prefix, amount });
  const cpu = (target.server.cpuMs() - before) / Math.max(1, result.requests.total);
  const answered = statuses.get(200)?.count ?? 0;
  statuses.delete(200);
  return {
    connections,
    rate: answered / Math.max(0.001, result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu,
    answered,
    written: await target.written(prefix),
    refused: statuses,
  };
}

/** The site's sends and the ceiling's at one number of connections, alternating in paired rounds. */
interface PairedSends {
  connections: number;
  site: SendRun[];
  ceiling: SendRun[];
}

async function pairedSends(
  site: SendTarget,
  ceiling: SendTarget,
  pairs: ChatPair[],
  connections: number,
  options: { seconds: number; rounds: number; run: string },
): Promise<PairedSends> {
  const paired: PairedSends = { connections, site: [], ceiling: [] };
  for (let round = 0; round < options.rounds; round++) {
    const run = `${options.run}r${round}`;
    paired.site.push(await sendRate(site, pairs, connections, options.seconds, run));
    paired.ceiling.push(await sendRate(ceiling, pairs, connections, options.seconds, run));
  }
  return paired;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Stream {
  /** Resolves once the stream has answered 200 and sent its first line (it is subscribed by then). */
  ready: Promise<void>;
  /** Resolves when the stream has ended, for whatever reason. */
  done: Promise<void>;
  close: () => void;
  /** Why the stream did not open or ended early, if it did. */
  failure?: string;
}

/**
 * One conversation's event stream, read as EventSource reads it (the page's `?lastEventId=` included); `onId` gets
 * each event id with the time its line arrived.
 */
export function openStream(url: string, cookie: string, onId: (id: number, at: number) => void): Stream {
  const abort = new AbortController();
  let ready!: () => void;
  let notReady!: (error: Error) => void;
  const stream: Stream = {
    ready: new Promise<void>((resolve, reject) => {
      ready = resolve;
      notReady = reject;
    }),
    done: Promise.resolve(),
    close: () => abort.abort(),
  };
  stream.ready.catch(() => undefined);
  stream.done = (async () => {
    try {
      const response = await fetch(url, {
        headers: { cookie, accept: "text/event-stream" },
        redirect: "manual",
        signal: abort.signal,
      });
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        throw new Error(`answered ${response.status}`);
      }
      const decoder = new TextDecoder();
      let buffer = "";
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const at = performance.now();
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (line.startsWith("retry:")) ready();
          else if (line.startsWith("id:")) onId(Number(line.slice(3).trim()), at);
        }
      }
      if (!abort.signal.aborted) stream.failure = "ended by the server";
    } catch (error) {
      if (!abort.signal.aborted) stream.failure = String(error);
    }
    notReady(new Error(stream.failure ?? "closed before its first line"));
  })();
  return stream;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/**
 * The receivers' streams, all open at once, then `deliveryMessages` sends spread over the conversations at
 * `deliveryPerSecond`: from the start of each send to the arrival of its `id:` line on the receiver's stream.
 */
async function delivery(db: Db, origin: string, pairs: ChatPair[], server: Measured, run: string) {
  const newest = new Map(
    (
      await db
        .selectFrom("messages")
        .select(["conversation_id", sql<number>`max(id)`.as("id")])
        .where(
          "conversation_id",
          "in",
          pairs.map((p) => p.conversation),
        )
        .groupBy("conversation_id")
        .execute()
    ).map((r) => [r.conversation_id, Number(r.id)]),
  );
  const arrivals = new Map<number, { at: number; conversation: number; times: number }>();
  const opening = performance.now();
  const streams = pairs.map((pair) =>
    openStream(
      `${origin}/chats/${pair.conversation}/events?lastEventId=${newest.get(pair.conversation) ?? 0}`,
      pair.receiverCookie,
      (id, at) => {
        const seen = arrivals.get(id);
        if (seen) seen.times++;
        else arrivals.set(id, { at, conversation: pair.conversation, times: 1 });
      },
    ),
  );
  try {
    const opened = await Promise.race([
      Promise.allSettled(streams.map((s) => s.ready)),
      sleep(20_000).then(() => null),
    ]);
    const openMs = performance.now() - opening;
    const openCount = opened?.filter((r) => r.status === "fulfilled").length ?? 0;
    const rssOpen = server.rssMb();
    const before = server.cpuMs();
    arrivals.clear();

    const sent: { started: number; answered?: number; conversation: number; id?: number; failure?: string }[] = [];
    const start = performance.now();
    const answers: Promise<void>[] = [];
    for (let k = 0; k < deliveryMessages; k++) {
      await sleep(start + (k * 1000) / deliveryPerSecond - performance.now());
      const pair = pairs[k % pairs.length]!;
      const send: (typeof sent)[number] = { started: performance.now(), conversation: pair.conversation };
      sent.push(send);
      answers.push(
        fetch(`${origin}/api/message.php`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie: pair.senderCookie,
            "idempotency-key": `live-${run}-${k}`,
          },
          body: JSON.stringify({ conversation: pair.conversation, text: `Live message ${k}` }),
        }).then(
          async (response) => {
            const body = await response.text();
            send.answered = performance.now();
            if (response.status === 200) send.id = (JSON.parse(body) as { message: { id: number } }).message.id;
            else send.failure = `${response.status} ${body.slice(0, 200)}`;
          },
          (error: unknown) => {
            send.failure = String(error);
          },
        ),
      );
    }
    await Promise.all(answers);
    const delivered = sent.filter((s) => s.id !== undefined);
    // Whatever has not arrived within 10 s of the last answer is counted as lost.
    for (let wait = 0; wait < 200 && delivered.some((s) => !arrivals.has(s.id!)); wait++) await sleep(50);
    const cpu = (server.cpuMs() - before) / deliveryMessages;

    const latencies = delivered
      .filter((s) => arrivals.get(s.id!)?.conversation === s.conversation)
      .map((s) => arrivals.get(s.id!)!.at - s.started)
      .sort((a, b) => a - b);
    const ids = new Set(delivered.map((s) => s.id!));
    const answerTimes = delivered.map((s) => s.answered! - s.started).sort((a, b) => a - b);

    const failures = sent.filter((s) => s.failure).map((s) => s.failure!);
    return {
      openCount,
      openMs,
      rssOpen,
      cpu,
      sent: sent.length,
      answered: delivered.length,
      written: await countWritten(db, `live-${run}-`),
      arrived: latencies.length,
      twice: [...arrivals.values()].filter((a) => a.times > 1).length,
      strays: [...arrivals.keys()].filter((id) => !ids.has(id)).length,
      answerP50: percentile(answerTimes, 50),
      answerP99: percentile(answerTimes, 99),
      answerMax: answerTimes.at(-1) ?? Number.NaN,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      failures,
      streamFailures: streams.filter((s) => s.failure).map((s) => s.failure!),
    };
  } finally {
    for (const stream of streams) stream.close();
    await Promise.race([Promise.all(streams.map((s) => s.done)), sleep(5_000)]);
  }
}

/**
 * Runs after the main table, against the running server and the ceiling server (bench/ceiling-server.ts, started by
 * bench.ts); prints its own table.
 */
export async function benchChat(
  origin: string,
  setup: ChatBench,
  server: Measured,
  options: { seconds: number; rounds: number; ceiling: { origin: string; server: Measured; databaseFile: string } },
) {
  const db = openDatabase(setup.databaseUrl);
  const ceilingDb = new SQLite(options.ceiling.databaseFile, { readonly: true });
  const run = Date.now().toString(36);
  try {
    const site: SendTarget = { origin, server, written: (prefix) => countWritten(db, prefix) };
    const ceiling: SendTarget = {
      origin: options.ceiling.origin,
      server: options.ceiling.server,
      written: async (prefix) =>
        (
          ceilingDb
            .prepare("select count(*) as n from ceiling_messages where idempotency_key like ?")
            .get(`${prefix}%`) as { n: number }
        ).n,
    };
    const paired: PairedSends[] = [];
    for (const connections of [1, 10])
      paired.push(await pairedSends(site, ceiling, setup.pairs, connections, { ...options, run }));
    const live = await delivery(db, origin, setup.pairs, server, run);
    const problems = await checkLedger(db);
    const consistent = !problems.balances.length && !problems.purchases.length && !problems.returns.length;

    const engine = setup.databaseUrl.startsWith("file:") ? "SQLite" : "PostgreSQL";
    const [load] = os.loadavg();
    console.log(
      `\nchat through the HTTP API, ${engine}, ${setup.pairs.length} conversations of ${senders} senders, ` +
        `about ${options.seconds} s each, ${options.rounds} paired rounds with the durable-commit ceiling (medians; ` +
        `machine: ${os.cpus().length} CPUs, load average ${load!.toFixed(1)}, Node ${process.version})`,
    );
    console.log(
      "POST /api/message.php        sends/s   p50   p99  CPU ms/req   200 answers   messages written" +
        "   ceiling sends/s  ceiling CPU ms   ratio (range)",
    );
    for (const { connections, site: runs, ceiling: bare } of paired) {
      const ratios = runs.map((r, i) => r.rate / bare[i]!.rate);
      const percent = (n: number) => `${(n * 100).toFixed(0)}%`;
      const refused = new Map<number, { count: number; body: string }>();
      for (const r of [...runs, ...bare])
        for (const [status, seen] of r.refused) {
          const known = refused.get(status);
          if (known) known.count += seen.count;
          else refused.set(status, { ...seen });
        }
      const answered = runs.reduce((n, r) => n + r.answered, 0);
      const written = runs.reduce((n, r) => n + r.written, 0);
      console.log(
        `${`${connections} connection${connections > 1 ? "s" : ""}`.padEnd(28)} ${median(runs.map((r) => r.rate))
          .toFixed(0)
          .padStart(8)}` +
          ` ${String(median(runs.map((r) => r.p50))).padStart(5)} ${String(median(runs.map((r) => r.p99))).padStart(5)}` +
          ` ${median(runs.map((r) => r.cpu))
            .toFixed(2)
            .padStart(11)} ${String(answered).padStart(13)} ${String(written).padStart(18)}` +
          ` ${median(bare.map((r) => r.rate))
            .toFixed(0)
            .padStart(17)} ${median(bare.map((r) => r.cpu))
            .toFixed(2)
            .padStart(15)}` +
          ` ${percent(median(ratios)).padStart(7)} (${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))})` +
          `${written === answered ? "" : "   (written ≠ answered)"}` +
          [...refused].map(([status, { count, body }]) => `   (${count} × ${status}: ${body})`).join(""),
      );
    }
    const allWritten = paired.every(({ site: runs, ceiling: bare }) =>
      [...runs, ...bare].every((r) => r.written === r.answered),
    );
    console.log(
      `ledger check after all the sends: ${consistent ? "consistent" : JSON.stringify(problems)}` +
        ` · messages written = 200 answers: ${allWritten && live.written === live.answered ? "yes" : "no"}`,
    );

    const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-").padStart(5);
    console.log(
      `\nSSE delivery: ${live.openCount} of ${setup.pairs.length} receivers' /chats/{id}/events streams open ` +
        `(all within ${live.openMs.toFixed(0)} ms; server resident set then ${live.rssOpen.toFixed(0)} MB); ` +
        `${live.sent} sends at ${deliveryPerSecond}/s over their conversations`,
    );
    console.log("ms from the start of a send               p50   p99   max   arrived   CPU ms/message");
    console.log(`${"to its 200 answer".padEnd(40)} ${ms(live.answerP50)} ${ms(live.answerP99)} ${ms(live.answerMax)}`);
    console.log(
      `${"to its id: line on the receiver's stream".padEnd(40)} ${ms(live.p50)} ${ms(live.p99)} ${ms(live.max)}` +
        ` ${`${live.arrived}/${live.answered}`.padStart(9)} ${live.cpu.toFixed(2).padStart(16)}` +
        (live.answered < live.sent ? `   (${live.sent - live.answered} sends not answered 200)` : "") +
        (live.twice ? `   (${live.twice} arrived twice)` : "") +
        (live.strays ? `   (${live.strays} ids not sent in this run)` : ""),
    );
    for (const failure of new Set(live.failures)) console.log(`  send failed: ${failure}`);
    for (const failure of new Set(live.streamFailures)) console.log(`  stream failed: ${failure}`);
  } finally {
    ceilingDb.close();
    await db.destroy();
  }
}
