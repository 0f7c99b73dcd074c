import { sql } from "kysely";
import { type DbOrTx, isPostgres, type Tx } from "../db/database";

/** The member's photos in their order. */
export function listOwnPhotos(db: DbOrTx, userId: number) {
  return db.selectFrom("photos").selectAll().where("user_id", "=", userId).orderBy("position").orderBy("id").execute();
}

export function findOwnPhoto(db: DbOrTx, userId: number, id: number) {
  return db.selectFrom("photos").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/**
 * Holds the member's row until the transaction ends, so that two uploads at once count each other's photos
 * (PostgreSQL; SQLite runs one writing transaction at a time anyway).
 */
export async function lockMember(trx: Tx, userId: number) {
  if (isPostgres(trx)) await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}

/** Photos that count towards the limit: all but the rejected ones. */
export async function countCountedPhotos(db: DbOrTx, userId: number) {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "!=", "rejected")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextPosition(db: DbOrTx, userId: number) {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** The member's published main photo, if any. */
export function findMainPhoto(db: DbOrTx, userId: number) {
  return db
    .selectFrom("photos")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_main", "=", 1)
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** Makes this photo the member's only main photo. */
export async function setMain(trx: Tx, userId: number, id: number) {
  await trx
    .updateTable("photos")
    .set({ is_main: sql<number>`case when id = ${id} then 1 else 0 end` })
    .where("user_id", "=", userId)
    .execute();
}

/** The first published photo in the member's order: the main photo when the main one goes. */
export function firstActivePhoto(db: DbOrTx, userId: number) {
  return db
    .selectFrom("photos")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .orderBy("position")
    .orderBy("id")
    .executeTakeFirst();
}

/** Photos waiting for a moderator on the site, oldest first, with whose they are; not the moderator's own. */
export function listPendingPhotos(db: DbOrTx, siteId: number, moderatorId: number, limit: number) {
  return db
    .selectFrom("photos")
    .innerJoin("users", "users.id", "photos.user_id")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "photos.id",
      "photos.created_at",
      "users.id as member_id",
      "profiles.name",
      "profiles.date_of_birth",
      "profiles.country",
    ])
    .where("users.site_id", "=", siteId)
    .where("photos.user_id", "!=", moderatorId)
    .where("photos.status", "=", "pending")
    .orderBy("photos.id")
    .limit(limit)
    .execute();
}

/** A photo of a member of the site, for a moderator. */
export function findSitePhoto(db: DbOrTx, siteId: number, id: number) {
  return db
    .selectFrom("photos")
    .innerJoin("users", "users.id", "photos.user_id")
    .selectAll("photos")
    .where("photos.id", "=", id)
    .where("users.site_id", "=", siteId)
    .executeTakeFirst();
}
