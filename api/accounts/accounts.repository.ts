import type { Db } from "../db/database";
import type { UserUpdate } from "../db/schema";

export function findUserByEmail(db: Db, siteId: number, email: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("email", "=", email)
    .executeTakeFirst();
}

export function findUserById(db: Db, userId: number) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export function findUserBySessionHash(db: Db, siteId: number, tokenHash: string, now: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select("sessions.id as session_id")
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.expires_at", ">", now)
    .where("users.site_id", "=", siteId)
    .executeTakeFirst();
}

export function updateUser(db: Db, userId: number, changes: UserUpdate) {
  return db.updateTable("users").set(changes).where("id", "=", userId).execute();
}

export function insertSession(db: Db, userId: number, tokenHash: string, createdAt: string, expiresAt: string) {
  return db
    .insertInto("sessions")
    .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt })
    .execute();
}

export function deleteSession(db: Db, sessionId: number) {
  return db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export function deleteExpiredSessions(db: Db, now: string) {
  return db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

export function findProfile(db: Db, userId: number) {
  return db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
}

export function findMainPhoto(db: Db, userId: number) {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("user_id", "=", userId)
    .where("is_main", "=", 1)
    .where("status", "=", "active")
    .executeTakeFirst();
}

export function listProfileInterestIds(db: Db, userId: number) {
  return db
    .selectFrom("profile_interests")
    .select("interest_id")
    .where("user_id", "=", userId)
    .orderBy("interest_id")
    .execute();
}
