import type { DbOrTx, Tx } from "../db/database";

/** The site's bundles, on sale or retired, with how many payments and direct debits name each. */
export function listBundlesWithUse(db: DbOrTx, siteId: number) {
  return db
    .selectFrom("credit_bundles as b")
    .select([
      "b.id",
      "b.currency",
      "b.credits",
      "b.amount_cents",
      "b.position",
      "b.retired_at",
      (eb) =>
        eb
          .selectFrom("payments")
          .select((p) => p.fn.countAll<number>().as("n"))
          .whereRef("payments.bundle_id", "=", "b.id")
          .as("payments"),
    ])
    .where("b.site_id", "=", siteId)
    .orderBy("b.currency")
    .orderBy("b.position")
    .orderBy("b.id")
    .execute();
}

export function findBundle(db: DbOrTx, siteId: number, id: number) {
  return db
    .selectFrom("credit_bundles")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The place after the currency's last bundle. */
export async function nextPosition(db: Tx, siteId: number, currency: string) {
  const row = await db
    .selectFrom("credit_bundles")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("site_id", "=", siteId)
    .where("currency", "=", currency)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function insertBundle(
  db: Tx,
  bundle: { site_id: number; currency: string; credits: number; amount_cents: number; position: number },
) {
  return (await db.insertInto("credit_bundles").values(bundle).returning("id").executeTakeFirstOrThrow()).id;
}

export function updateBundle(
  db: Tx,
  id: number,
  change: { credits?: number; amount_cents?: number; position?: number; retired_at?: string | null },
) {
  return db.updateTable("credit_bundles").set(change).where("id", "=", id).execute();
}
