import type { DbOrTx, Tx } from "../db/database";
import type { NewProfile, NewUser } from "../db/schema";
import { visibleProfiles } from "../members/members.repository";

export function emailTaken(db: DbOrTx, siteId: number, email: string) {
  return db
    .selectFrom("users")
    .select("id")
    .where("site_id", "=", siteId)
    .where("email", "=", email)
    .executeTakeFirst();
}

export function findUnusedInvite(db: DbOrTx, siteId: number, code: string) {
  return db
    .selectFrom("invites")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("code", "=", code)
    .where("used_by", "is", null)
    .executeTakeFirst();
}

export function markInviteUsed(db: DbOrTx, code: string, userId: number, at: string) {
  return db
    .updateTable("invites")
    .set({ used_by: userId, used_at: at })
    .where("code", "=", code)
    .where("used_by", "is", null)
    .executeTakeFirst();
}

export function regionExists(db: DbOrTx, country: string, code: string) {
  return db
    .selectFrom("regions")
    .select("code")
    .where("country", "=", country)
    .where("code", "=", code)
    .executeTakeFirst();
}

export async function insertMember(db: Tx, user: NewUser, profile: Omit<NewProfile, "user_id">) {
  const { id } = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("profiles")
    .values({ ...profile, user_id: id })
    .execute();
  return id;
}

export function insertDiscountCode(
  db: DbOrTx,
  values: {
    user_id: number;
    code: string;
    country: string | null;
    value_percentage: number;
    currency: string | null;
    validity: string;
    reason: string;
    expires: string | null;
    created_at: string;
  },
) {
  return db
    .insertInto("discount_codes")
    .values({ ...values, status: "active" })
    .execute();
}

/** A member anyone may see (docs/product.md §4.2), or nothing: who a new member signed up to meet. */
export async function findVisibleMemberId(db: DbOrTx, siteId: number, id: number) {
  const row = await visibleProfiles(db, siteId, null).where("users.id", "=", id).select("users.id").executeTakeFirst();
  return row?.id ?? null;
}
