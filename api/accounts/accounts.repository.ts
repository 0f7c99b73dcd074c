import type { DbOrTx } from "../db/database";
import { reusableQuery } from "../db/reusable-query";
import type { PhotoRow, ProfileRow, UserUpdate } from "../db/schema";

export function findUserByEmail(db: DbOrTx, siteId: number, email: string) {
  return db.selectFrom("users").selectAll().where("site_id", "=", siteId).where("email", "=", email).executeTakeFirst();
}

export function findUserById(db: DbOrTx, userId: number) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

/** A member of this site by id; another site's member is nobody here. */
export function findSiteUser(db: DbOrTx, siteId: number, userId: number) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).where("site_id", "=", siteId).executeTakeFirst();
}

/**
 * The member of a session that has neither expired nor been idle since `idleCutoff`. Asked on every API request with
 * a session cookie, so compiled once (api/db/reusable-query.ts).
 */
export async function findUserBySessionHash(
  db: DbOrTx,
  siteId: number,
  tokenHash: string,
  now: string,
  idleCutoff: string,
) {
  const [member] = await sessionMember(db, { siteId, tokenHash, now, idleCutoff });
  return member;
}

const sessionMember = reusableQuery((db, p: { siteId: number; tokenHash: string; now: string; idleCutoff: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select([
      "sessions.id as session_id",
      "sessions.last_used_at as session_used_at",
      "sessions.second_factor_at as session_second_factor_at",
    ])
    .where("sessions.token_hash", "=", p.tokenHash)
    .where("sessions.expires_at", ">", p.now)
    .where("sessions.last_used_at", ">", p.idleCutoff)
    .where("users.site_id", "=", p.siteId),
);

export function touchSession(db: DbOrTx, sessionId: number, now: string) {
  return db.updateTable("sessions").set({ last_used_at: now }).where("id", "=", sessionId).execute();
}

export function updateUser(db: DbOrTx, userId: number, changes: UserUpdate) {
  return db.updateTable("users").set(changes).where("id", "=", userId).execute();
}

export function insertSession(db: DbOrTx, userId: number, tokenHash: string, createdAt: string, expiresAt: string) {
  return db
    .insertInto("sessions")
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: createdAt,
      expires_at: expiresAt,
      last_used_at: createdAt,
    })
    .execute();
}

export function deleteSession(db: DbOrTx, sessionId: number) {
  return db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Ends a member's sessions, all or all but one. */
export function deleteSessionsOfUser(db: DbOrTx, userId: number, exceptSessionId?: number) {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptSessionId !== undefined) query = query.where("id", "!=", exceptSessionId);
  return query.execute();
}

export function deleteSessionByHash(db: DbOrTx, tokenHash: string) {
  return db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

/** Sessions past their absolute end or idle since `idleCutoff` (the hourly clean-up). */
export function deleteEndedSessions(db: DbOrTx, now: string, idleCutoff: string) {
  return db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([eb("expires_at", "<=", now), eb("last_used_at", "<=", idleCutoff), eb("last_used_at", "is", null)]),
    )
    .execute();
}

// The member's own rows that every page of theirs reads (userView): compiled once (api/db/reusable-query.ts).
const profileQuery = reusableQuery((db, p: { userId: number }) =>
  db.selectFrom("profiles").selectAll().where("user_id", "=", p.userId),
);

export async function findProfile(db: DbOrTx, userId: number) {
  const [profile] = await profileQuery(db, { userId });
  if (!profile) throw new Error(`member ${userId} has no profile`);
  return profile;
}

export function updateProfileStatus(db: DbOrTx, userId: number, status: ProfileRow["status"]) {
  return db.updateTable("profiles").set({ status }).where("user_id", "=", userId).execute();
}

const mainPhotoQuery = reusableQuery((db, p: { userId: number; main: number; active: PhotoRow["status"] }) =>
  db
    .selectFrom("photos")
    .selectAll()
    .where("user_id", "=", p.userId)
    .where("is_main", "=", p.main)
    .where("status", "=", p.active),
);

export async function findMainPhoto(db: DbOrTx, userId: number) {
  const [photo] = await mainPhotoQuery(db, { userId, main: 1, active: "active" });
  return photo;
}

const interestIdsQuery = reusableQuery((db, p: { userId: number }) =>
  db.selectFrom("profile_interests").select("interest_id").where("user_id", "=", p.userId).orderBy("interest_id"),
);

export function listProfileInterestIds(db: DbOrTx, userId: number) {
  return interestIdsQuery(db, { userId });
}

/** The latest suspension or ban of a member: its words to the member are shown at a refused login (issue 33). */
export function findLatestSanction(db: DbOrTx, userId: number) {
  return db
    .selectFrom("moderation_decisions")
    .select(["explanation"])
    .where("member_id", "=", userId)
    .where("decision", "in", ["suspend", "ban"])
    .orderBy("id", "desc")
    .executeTakeFirst();
}
