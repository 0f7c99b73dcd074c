import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { moveCredits } from "../api/credits/ledger";
import { checkLedger } from "../api/credits/ledger-check";
import { type Db, nowIso, openDatabase } from "../api/db/database";
import { migrateToLatest } from "../api/db/migrate";
import { demoCompany, demoSite } from "../api/db/seed/demo-site";
import { webPush } from "../api/notifications/web-push";

/**
 * Credit spends per second through the ledger (api/credits/ledger.ts: claim by key, conditional balance update,
 * entry completed, one transaction each), beside the anchor of a bare `credits = credits - 1` transaction on the same
 * database; then 10 spends at a time. On a fresh SQLite file of its own, so the site's data stays as it was.
 */
export async function benchLedger(dataDir: string, seconds: number) {
  const file = path.join(dataDir, "ledger-bench.db");
  fs.rmSync(file, { force: true });
  const db = openDatabase(`file:${file}`);
  try {
    await migrateToLatest(db);
    const userId = await benchMember(db);
    let n = 0;
    const spend = () =>
      db.transaction().execute((trx) =>
        moveCredits(trx, {
          userId,
          amount: -1,
          kind: "message",
          reference: "bench",
          idempotencyKey: `bench-${n++}`,
          at: nowIso(),
        }),
      );
    const bare = () =>
      db.transaction().execute((trx) => sql`update users set credits = credits - 1 where id = ${userId}`.execute(trx));

    const rate = async (one: () => Promise<unknown>, parallel: number) => {
      const until = Date.now() + seconds * 1000;
      let done = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (Date.now() < until) {
            await one();
            done++;
          }
        }),
      );
      return done / seconds;
    };
    const ledger1 = await rate(spend, 1);
    const ledger10 = await rate(spend, 10);
    const anchor = await rate(bare, 1);
    // The anchor's spends are not in the ledger: put the balance back before checking the ledger's.
    await sql`update users set credits = (select coalesce(sum(delta), 0) from credit_ledger where user_id = ${userId} and refused = 0) where id = ${userId}`.execute(
      db,
    );
    const problems = await checkLedger(db);
    const consistent = !problems.balances.length && !problems.purchases.length && !problems.returns.length;
    console.log(`\ncredit spends through the ledger, SQLite, ${seconds} s each`);
    console.log(`one at a time: ${ledger1.toFixed(0)}/s · 10 at a time: ${ledger10.toFixed(0)}/s`);
    console.log(
      `anchor (bare balance update): ${anchor.toFixed(0)}/s · ledger ${((ledger1 / anchor) * 100).toFixed(0)}% of it`,
    );
    console.log(`ledger check after the run: ${consistent ? "consistent" : JSON.stringify(problems)}`);
  } finally {
    await db.destroy();
  }
}

/** A member of a demo site with a million credits, given through the ledger so that the check holds. */
async function benchMember(db: Db) {
  const company = await db.insertInto("companies").values(demoCompany).returning("id").executeTakeFirstOrThrow();
  const site = await db
    .insertInto("sites")
    .values({ ...demoSite(company.id, (await webPush()).generateVAPIDKeys()), domain: "ledger.bench" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto("users")
    .values({
      site_id: site.id,
      email: "bench@example.com",
      password_hash: null,
      status: "active",
      signup_date: nowIso(),
      language: "en",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    moveCredits(trx, {
      userId: user.id,
      amount: 1_000_000,
      kind: "adjustment",
      reference: null,
      idempotencyKey: "bench-start",
      at: nowIso(),
    }),
  );
  return user.id;
}
