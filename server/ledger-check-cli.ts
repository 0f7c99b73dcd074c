import { checkLedger } from "../api/credits/ledger-check";
import { openDatabase } from "../api/db/database";
import { parseApiEnv } from "../api/env.server";

// `npm run ledger:check`: every balance is the sum of its entries, every paid payment has one purchase entry, every
// return removed exactly its credits.
// Exits 1 and lists what is wrong otherwise.
const db = openDatabase(parseApiEnv().databaseUrl);
try {
  const { balances, purchases, returns } = await checkLedger(db);
  for (const b of balances) console.error(`member ${b.userId}: balance ${b.credits}, entries sum to ${b.sum}`);
  for (const p of purchases) console.error(`payment ${p.paymentId} (${p.status}): ${p.entries} purchase entries`);
  for (const r of returns)
    console.error(`return of payment ${r.paymentId} (${r.status}, ${r.credits} credits): entries move ${r.moved}`);
  if (balances.length || purchases.length || returns.length) process.exitCode = 1;
  else
    console.log("Ledger consistent: balances are the sum of their entries; purchases credited and returns taken once.");
} finally {
  await db.destroy();
}
