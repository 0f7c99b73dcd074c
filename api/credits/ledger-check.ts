import { sql } from "kysely";
import type { Db } from "../db/database";

export interface LedgerProblems {
  /** Members whose balance is not the sum of their applied entries. */
  balances: { userId: number; credits: number; sum: number }[];
  /** Paid payments without exactly one purchase entry, and purchase entries of payments that were never paid. */
  purchases: { paymentId: number; status: string; entries: number }[];
  /** Returns whose entries do not remove exactly their credits (pending or refunded) or nothing (failed). */
  returns: { paymentId: number; status: string; credits: number; moved: number }[];
}

/** Checks the ledger's promises (docs/architecture.md "Credits"): `npm run ledger:check` and the API tests use it. */
export async function checkLedger(db: Db): Promise<LedgerProblems> {
  const balances = await db
    .selectFrom("users")
    .leftJoin("credit_ledger", (join) =>
      join.onRef("credit_ledger.user_id", "=", "users.id").on("credit_ledger.refused", "=", 0),
    )
    .select(["users.id as userId", "users.credits as credits"])
    .select(sql<number>`coalesce(sum(credit_ledger.delta), 0)`.as("sum"))
    .groupBy(["users.id", "users.credits"])
    .having(sql<boolean>`coalesce(sum(credit_ledger.delta), 0) <> users.credits`)
    .execute();

  const entries = await db
    .selectFrom("credit_ledger")
    .select(["reference", sql<number>`count(*)`.as("count")])
    .where("reason", "=", "purchase")
    .where("refused", "=", 0)
    .groupBy("reference")
    .execute();
  const entriesOf = new Map(entries.map((e) => [e.reference, Number(e.count)]));
  const payments = await db.selectFrom("payments").select(["id", "status"]).execute();
  const purchases = payments
    .map((p) => ({ paymentId: p.id, status: p.status, entries: entriesOf.get(`payment:${p.id}`) ?? 0 }))
    .filter((p) => p.entries !== (p.status === "paid" ? 1 : 0));

  const returnEntries = await db
    .selectFrom("credit_ledger")
    .select(["reference", sql<number>`sum(delta)`.as("moved")])
    .where("reason", "in", ["return", "adjustment"])
    .where("reference", "like", "payment:%")
    .where("refused", "=", 0)
    .groupBy("reference")
    .execute();
  const movedFor = new Map(returnEntries.map((e) => [e.reference, Number(e.moved)]));
  const refunds = await db.selectFrom("refunds").select(["payment_id", "status", "credits"]).execute();
  const returns = refunds
    .map((r) => ({
      paymentId: r.payment_id,
      status: r.status,
      credits: r.credits,
      moved: movedFor.get(`payment:${r.payment_id}`) ?? 0,
    }))
    .filter((r) => r.moved !== (r.status === "failed" ? 0 : -r.credits));
  return { balances: balances.map((b) => ({ ...b, sum: Number(b.sum) })), purchases, returns };
}
