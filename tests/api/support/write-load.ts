import crypto from "node:crypto";
import { sendMessage } from "../../../api/chat/chat.service";
import { moveCredits } from "../../../api/credits/ledger";
import { openDatabase } from "../../../api/db/database";
import { eventBusFor } from "../../../api/events/event-bus";

// A live site's writes from a process of its own, as the server makes them, for the backup test: each round buys
// the sender credits through the ledger and sends a paid message, until the process is stopped.
// Usage: node --import tsx write-load.ts <database url> <site id> <sender id> <recipient id>
const [databaseUrl, siteId, senderId, recipientId] = process.argv.slice(2) as [string, string, string, string];
const db = openDatabase(databaseUrl);
const events = eventBusFor(databaseUrl);
const site = await db.selectFrom("sites").selectAll().where("id", "=", Number(siteId)).executeTakeFirstOrThrow();
for (let round = 0; ; round++) {
  const at = new Date().toISOString();
  await db.transaction().execute((trx) =>
    moveCredits(trx, {
      userId: Number(senderId),
      amount: 25,
      kind: "adjustment",
      reference: null,
      idempotencyKey: `load-${crypto.randomUUID()}`,
      at,
    }),
  );
  const sender = await db.selectFrom("users").selectAll().where("id", "=", Number(senderId)).executeTakeFirstOrThrow();
  await sendMessage(
    { db, events },
    site,
    sender,
    { to: Number(recipientId) },
    { kind: "text", text: `round ${round}` },
    `load-${round}`,
    `hash-${round}`,
  );
  // Told once the first round is written, so the test backs up while rounds go on.
  if (round === 0) process.send?.("writing");
}
