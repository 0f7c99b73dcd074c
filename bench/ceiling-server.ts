import http from "node:http";
import SQLite from "better-sqlite3";

/**
 * The durable-commit ceiling of `npm run bench` (bench/chat.ts): a bare node:http server that answers each POST with
 * one SQLite transaction (WAL, `synchronous = FULL`, as the site's database runs) writing what a text message writes
 * at the least: the message row under its sender's Idempotency-Key (unique, as in `messages`) and the sender's
 * balance. The answer goes out after the commit, that is after its fsync. No session, validation, ledger entry,
 * framework or logging: what a durable send costs on this machine at the least.
 * Run with NODE_ENV=production: `node --import tsx bench/ceiling-server.ts <database file> <port>`.
 */
const [file, port] = process.argv.slice(2);
const db = new SQLite(file!);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec(`
  create table if not exists ceiling_messages (
    id integer primary key,
    conversation_id integer not null,
    sender_id integer not null,
    body text not null,
    idempotency_key text not null,
    created_at text not null,
    unique (sender_id, idempotency_key)
  );
  create table if not exists ceiling_balances (user_id integer primary key, credits integer not null);
`);

/** Senders are told apart by their session cookie, as the site tells them; each starts rich enough for any run. */
const senders = new Map<string, number>();
const insertMessage = db.prepare(
  "insert into ceiling_messages (conversation_id, sender_id, body, idempotency_key, created_at) values (?, ?, ?, ?, ?)",
);
const addBalance = db.prepare("insert or ignore into ceiling_balances (user_id, credits) values (?, 1000000000)");
const spend = db.prepare(
  "update ceiling_balances set credits = credits - 1 where user_id = ? and credits >= 1 returning credits",
);
const send = db.transaction((conversation: number, sender: number, text: string, key: string) => {
  const { lastInsertRowid } = insertMessage.run(conversation, sender, text, key, new Date().toISOString());
  const { credits } = spend.get(sender) as { credits: number };
  return { id: Number(lastInsertRowid), credits };
});

function senderOf(cookie: string) {
  let id = senders.get(cookie);
  if (id === undefined) {
    id = senders.size + 1;
    senders.set(cookie, id);
    addBalance.run(id);
  }
  return id;
}

http
  .createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { conversation: number; text: string };
        const sent = send(
          body.conversation,
          senderOf(req.headers.cookie ?? ""),
          body.text,
          String(req.headers["idempotency-key"]),
        );
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ message: { id: sent.id }, conversation: body.conversation, credits: sent.credits }));
      } catch (error) {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      }
    });
  })
  .listen(Number(port), "127.0.0.1");
