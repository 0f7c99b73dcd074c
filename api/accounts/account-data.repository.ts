import type { DbOrTx, Tx } from "../db/database";

/** Accounts whose deletion was asked for on or before `cutoff`. */
export function listPendingDeletionsSince(db: DbOrTx, cutoff: string) {
  return db
    .selectFrom("users")
    .select("id")
    .where("status", "=", "pending_deletion")
    .where("deletion_requested_at", "<=", cutoff)
    .execute();
}

export function listPhotoFiles(db: DbOrTx, userId: number) {
  return db.selectFrom("photos").select(["filename", "thumb_filename"]).where("user_id", "=", userId).execute();
}

const userTables = [
  "photos",
  "profile_interests",
  "account_tokens",
  "sessions",
  "login_failures",
  "discount_codes",
  "profiles",
  "swipe_skips",
] as const;

/** The stored photos of every conversation the member is in: they go with the conversations. */
export function listChatPhotoKeys(db: DbOrTx, userId: number) {
  return db
    .selectFrom("messages")
    .innerJoin("conversations as c", "c.id", "messages.conversation_id")
    .select("messages.photo_key")
    .where((eb) => eb.or([eb("c.member_low", "=", userId), eb("c.member_high", "=", userId)]))
    .where("messages.photo_key", "is not", null)
    .execute();
}

/** The member's own messages, for their data export. */
export function listSentMessagesForExport(db: DbOrTx, userId: number) {
  return db
    .selectFrom("messages")
    .select(["id", "conversation_id", "kind", "body", "gift", "credits", "created_at"])
    .where("sender_id", "=", userId)
    .orderBy("id")
    .execute();
}

/**
 * Deletes everything of a member but the row itself and the credit ledger, which accounting keeps. Their
 * conversations go whole (messages and marks with them): the other member loses a conversation with someone who
 * has left, rather than the site keeping what a departed member wrote.
 */
export async function deleteAccountData(db: Tx, userId: number) {
  await db
    .deleteFrom("conversations")
    .where((eb) => eb.or([eb("member_low", "=", userId), eb("member_high", "=", userId)]))
    .execute();
  for (const table of userTables) await db.deleteFrom(table).where("user_id", "=", userId).execute();
  await db
    .deleteFrom("likes")
    .where((eb) => eb.or([eb("liker_id", "=", userId), eb("liked_id", "=", userId)]))
    .execute();
  await db
    .deleteFrom("blocks")
    .where((eb) => eb.or([eb("blocker_id", "=", userId), eb("blocked_id", "=", userId)]))
    .execute();
  await db
    .deleteFrom("notification_queue")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("actor_id", "=", userId)]))
    .execute();
}

/** Leaves the member's row anonymous: nothing in it names or reaches the person. */
export function anonymiseUser(db: DbOrTx, userId: number) {
  return db
    .updateTable("users")
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      password_hash: null,
      status: "deleted",
      tracking: null,
      invited_with: null,
      signup_profile_id: null,
      notifications_disabled: "[]",
      mail_token: null,
      last_seen_at: null,
      page_hidden_at: null,
    })
    .where("id", "=", userId)
    .execute();
}

export function listPhotosForExport(db: DbOrTx, userId: number) {
  return db
    .selectFrom("photos")
    .select(["filename", "status", "is_main", "created_at"])
    .where("user_id", "=", userId)
    .execute();
}

export function listInterestSlugs(db: DbOrTx, userId: number) {
  return db
    .selectFrom("profile_interests")
    .innerJoin("interests", "interests.id", "profile_interests.interest_id")
    .select("interests.slug")
    .where("user_id", "=", userId)
    .execute();
}

export function listCreditLedger(db: DbOrTx, userId: number) {
  return db
    .selectFrom("credit_ledger")
    .select(["delta", "balance_after", "reason", "reference", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

export function listDiscountCodesForExport(db: DbOrTx, userId: number) {
  return db
    .selectFrom("discount_codes")
    .select(["code", "value_percentage", "status", "expires", "reason", "created_at"])
    .where("user_id", "=", userId)
    .execute();
}

export function listSessionsForExport(db: DbOrTx, userId: number) {
  return db.selectFrom("sessions").select(["created_at", "expires_at"]).where("user_id", "=", userId).execute();
}
