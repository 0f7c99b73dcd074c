import { sql } from "kysely";
import type { LedgerKind } from "../../contract/payments";
import type { Tx } from "../db/database";
import { reusableQuery } from "../db/reusable-query";

export interface Movement {
  userId: number;
  /** Positive adds credits, negative spends them. */
  amount: number;
  kind: LedgerKind;
  /** What the movement pays for or comes from: `payment:12`, `message:345`… */
  reference: string | null;
  /** Unique per member: the same key twice moves credits once and answers the first outcome. */
  idempotencyKey: string;
  at: string;
}

export interface MoveResult {
  /** False when the balance could not cover a spend: nothing moved, and the refusal is on record. */
  applied: boolean;
  /** The balance after this movement (or after the first one with the same key). */
  balance: number;
  entryId: number;
  /** True when an earlier movement had this key: this call moved nothing. */
  replayed: boolean;
}

/**
 * The one function that changes a balance (docs/architecture.md "Credits"). It runs inside the caller's transaction,
 * so credits move together with what they pay for. The entry is claimed first by its idempotency key (a concurrent
 * twin waits on the unique index, then finds it); the balance changes only if it stays at or above zero, which the
 * database enforces as well. A spend it cannot cover is recorded as refused.
 */
export async function moveCredits(trx: Tx, movement: Movement): Promise<MoveResult> {
  const { userId, amount, kind, reference, idempotencyKey, at } = movement;
  if (!Number.isInteger(amount) || amount === 0) throw new Error(`A movement of ${amount} credits is not possible`);

  const [claimed] = await claimEntry(trx, {
    userId,
    amount,
    kind,
    reference,
    idempotencyKey,
    at,
  });
  if (!claimed) return replay(trx, userId, idempotencyKey);

  const [updated] = await changeBalance(trx, { userId, amount });
  const balance = updated?.credits ?? (await balanceOf(trx, userId));
  await settleEntry(trx, { id: claimed.id, balance, refused: updated ? 0 : 1 });
  return { applied: Boolean(updated), balance, entryId: claimed.id, replayed: false };
}

/** The entry, claimed under its key before any balance moves (a twin finds it taken). */
const claimEntry = reusableQuery((trx, p: Omit<Movement, "at"> & { at: string }) =>
  trx
    .insertInto("credit_ledger")
    .values({
      user_id: p.userId,
      delta: p.amount,
      balance_after: sql.lit(0),
      reason: p.kind,
      reference: p.reference,
      idempotency_key: p.idempotencyKey,
      created_at: p.at,
    })
    .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
    .returning("id"),
);

/** The balance moves only if it stays at or above zero. */
const changeBalance = reusableQuery((trx, p: { userId: number; amount: number }) =>
  trx
    .updateTable("users")
    .set((eb) => ({ credits: eb("credits", "+", p.amount) }))
    .where("id", "=", p.userId)
    .where((eb) => eb(eb("credits", "+", p.amount), ">=", sql.lit(0)))
    .returning("credits"),
);

const settleEntry = reusableQuery((trx, p: { id: number; balance: number; refused: number }) =>
  trx.updateTable("credit_ledger").set({ balance_after: p.balance, refused: p.refused }).where("id", "=", p.id),
);

async function replay(trx: Tx, userId: number, idempotencyKey: string): Promise<MoveResult> {
  const entry = await trx
    .selectFrom("credit_ledger")
    .select(["id", "refused"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
  return { applied: entry.refused === 0, balance: await balanceOf(trx, userId), entryId: entry.id, replayed: true };
}

async function balanceOf(trx: Tx, userId: number): Promise<number> {
  const row = await trx.selectFrom("users").select("credits").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.credits;
}
