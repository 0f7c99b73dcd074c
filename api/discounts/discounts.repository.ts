import type { Insertable } from "kysely";
import type { DbOrTx } from "../db/database";
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
