import type { Updateable } from "kysely";
import type { DbOrTx, Tx } from "../db/database";
import type { ProfilesTable } from "../db/schema";

/** How many of these interest ids exist. */
export async function countInterests(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom("interests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function updateProfileRow(trx: Tx, userId: number, values: Updateable<ProfilesTable>) {
  return trx.updateTable("profiles").set(values).where("user_id", "=", userId).execute();
}

/** The member's interests become exactly these. */
export async function replaceInterests(trx: Tx, userId: number, ids: number[]) {
  await trx.deleteFrom("profile_interests").where("user_id", "=", userId).execute();
  if (ids.length > 0)
    await trx
      .insertInto("profile_interests")
      .values(ids.map((interest_id) => ({ user_id: userId, interest_id })))
      .execute();
}
