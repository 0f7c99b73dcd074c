import type { Insertable } from "kysely";
import type { DbOrTx, Tx } from "../db/database";
import type { DiscountCodesTable } from "../db/schema";

/** A code once per member: a second insert of the same (user, code), racing or not, does nothing. */
export function insertDiscountCodeOnce(db: DbOrTx, code: Insertable<DiscountCodesTable> & { user_id: number }) {
  return db
    .insertInto("discount_codes")
    .values(code)
    .onConflict((oc) => oc.columns(["user_id", "code"]).doNothing())
    .execute();
}

export function findDiscountCode(db: DbOrTx, userId: number, code: string) {
  return db
    .selectFrom("discount_codes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
}

/**
 * The member's own code of that name, or a code for everyone (no member) of their site or of any site, case as
 * typed.
 */
export function findUsableCode(db: DbOrTx, member: { id: number; site_id: number }, code: string) {
  return db
    .selectFrom("discount_codes")
    .selectAll()
    .where("code", "=", code)
    .where((eb) =>
      eb.or([
        eb("user_id", "=", member.id),
        eb.and([eb("user_id", "is", null), eb.or([eb("site_id", "is", null), eb("site_id", "=", member.site_id)])]),
      ]),
    )
    .orderBy("user_id", "desc")
    .executeTakeFirst();
}

/** The member's welcome code (the time bonus), whatever its state. */
export function findWelcomeCode(db: DbOrTx, userId: number) {
  return db
    .selectFrom("discount_codes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("reason", "=", "welcome")
    .executeTakeFirst();
}

/** Whether the member already paid with this code: a code for everyone is used once per member. */
export async function paidWithCode(db: DbOrTx, userId: number, codeId: number): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("user_id", "=", userId)
    .where("discount_code_id", "=", codeId)
    .where("status", "=", "paid")
    .executeTakeFirst();
  return Boolean(row);
}

/** A member's own code is used up by its paid payment. */
export function markCodeUsed(db: DbOrTx, codeId: number, at: string) {
  return db
    .updateTable("discount_codes")
    .set({ status: "used", used_at: at })
    .where("id", "=", codeId)
    .where("user_id", "is not", null)
    .execute();
}

/** The member's payment holding this code (open, pending or paid), if any: a code is held once (migration 0020). */
export function findCodeHolder(db: DbOrTx, userId: number, codeId: number) {
  return db
    .selectFrom("payments")
    .select(["id", "status"])
    .where("user_id", "=", userId)
    .where("discount_claim", "=", codeId)
    .executeTakeFirst();
}

/**
 * Claims the code for a payment being paid, in its transaction. A payment paid comes before one still open or
 * pending: those give the code up (they will be checked when they are paid). Answers false when another paid
 * payment holds it: the code was used already.
 */
export async function claimCodeForPaid(trx: DbOrTx, payment: { id: number; user_id: number }, codeId: number) {
  await trx
    .updateTable("payments")
    .set({ discount_claim: null })
    .where("user_id", "=", payment.user_id)
    .where("discount_claim", "=", codeId)
    .where("id", "<>", payment.id)
    .where("status", "<>", "paid")
    .execute();
  const claimed = await trx
    .updateTable("payments")
    .set({ discount_claim: codeId })
    .where("id", "=", payment.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("payments as other")
            .select("other.id")
            .where("other.user_id", "=", payment.user_id)
            .where("other.discount_claim", "=", codeId)
            .where("other.id", "<>", payment.id),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** How many payments were paid with a code (by anyone): its uses, held against `max_uses`. */
export async function paidUses(db: DbOrTx, codeId: number): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("discount_code_id", "=", codeId)
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * At the moment a payment with the code is paid, in its transaction: whether the code's limit of uses (an admin's
 * `max_uses`) still leaves room for it. The no-op write takes the code's row (a row lock on PostgreSQL, the write
 * lock on SQLite), so two payments paid at once are counted one after the other.
 */
export async function withinUseLimit(trx: Tx, codeId: number, paymentId: number): Promise<boolean> {
  const code = await trx
    .updateTable("discount_codes")
    .set((eb) => ({ max_uses: eb.ref("max_uses") }))
    .where("id", "=", codeId)
    .returning("max_uses")
    .executeTakeFirst();
  if (!code || code.max_uses === null) return true;
  const row = await trx
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("discount_code_id", "=", codeId)
    .where("status", "=", "paid")
    .where("id", "<>", paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.n) < code.max_uses;
}
