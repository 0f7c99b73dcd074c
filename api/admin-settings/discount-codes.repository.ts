import type { DbOrTx, Tx } from "../db/database";

/** The site's codes for everyone made in the admin area, newest first, each with its paid uses. */
export function listSiteCodes(db: DbOrTx, siteId: number, id?: number) {
  let query = db
    .selectFrom("discount_codes as d")
    .select([
      "d.id",
      "d.code",
      "d.value_percentage",
      "d.country",
      "d.currency",
      "d.minimum_order_value",
      "d.max_uses",
      "d.expires",
      "d.disabled_at",
      "d.created_at",
      (eb) =>
        eb
          .selectFrom("payments")
          .select((p) => p.fn.countAll<number>().as("n"))
          .whereRef("payments.discount_code_id", "=", "d.id")
          .where("payments.status", "=", "paid")
          .as("uses"),
    ])
    .where("d.site_id", "=", siteId)
    .where("d.user_id", "is", null);
  if (id !== undefined) query = query.where("d.id", "=", id);
  return query.orderBy("d.created_at", "desc").orderBy("d.id", "desc").execute();
}

/** A new code for everyone; nothing when the site has one of that name already (answers whether it was made). */
export async function insertSiteCode(
  db: Tx,
  code: {
    site_id: number;
    code: string;
    value_percentage: number;
    country: string | null;
    currency: string | null;
    minimum_order_value: number;
    max_uses: number | null;
    expires: string | null;
    reason: string;
    created_at: string;
  },
) {
  const inserted = await db
    .insertInto("discount_codes")
    .values({ ...code, user_id: null, status: "active", validity: "once-per-user" })
    // The unique index of migration 0031 on (site_id, code) for codes without a member.
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function disableCode(db: Tx, siteId: number, id: number, at: string) {
  return db
    .updateTable("discount_codes")
    .set({ disabled_at: at })
    .where("id", "=", id)
    .where("site_id", "=", siteId)
    .where("user_id", "is", null)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
}

/** Who used a code: every payment made with it (paid or not), newest first, with the member. */
export function paymentsWithCode(db: DbOrTx, siteId: number, codeId: number) {
  return db
    .selectFrom("payments")
    .innerJoin("users", "users.id", "payments.user_id")
    .leftJoin("profiles", "profiles.user_id", "payments.user_id")
    .select([
      "payments.id",
      "payments.user_id as member_id",
      "profiles.name as member_name",
      "users.email",
      "payments.status",
      "payments.amount_cents",
      "payments.currency",
      "payments.created_at",
      "payments.paid_at",
    ])
    .where("payments.site_id", "=", siteId)
    .where("payments.discount_code_id", "=", codeId)
    .orderBy("payments.created_at", "desc")
    .execute();
}
