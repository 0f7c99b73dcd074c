import type { z } from "zod";
import { type Message, type messageSendSchema, messagesPageSize } from "../../contract/chat";
import { moveCredits } from "../credits/ledger";
import { type Db, nowIso } from "../db/database";
import type { MessagesTable, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { cardColumns, visibleProfiles } from "../members/members.repository";
import { toCard } from "../members/members.service";
import * as repo from "./chat.repository";

/** docs/product.md §6: a free member may start two conversations; replies in them are not limited. */
export const freeConversations = 2;

const messageView = (
  row: Pick<MessagesTable, "kind" | "body" | "credits" | "created_at" | "sender_id"> & { id: number },
  memberId: number,
): Message => ({
  id: row.id,
  kind: row.kind,
  text: row.body,
  mine: row.sender_id === memberId,
  credits: row.sender_id === memberId ? row.credits : 0,
  created_at: row.created_at,
});

/** GET chats.php: the member's conversations, newest first, and their unread messages in all. */
export async function listChats(db: Db, site: SiteRow, member: UserRow) {
  const rows = await repo.listConversations(db, site.id, member.id);
  const chats = rows.map((row) => ({
    conversation: {
      id: row.conversation_id,
      last_message: messageView(
        {
          id: row.last_id,
          kind: row.last_kind,
          body: row.last_body,
          credits: row.last_credits,
          sender_id: row.last_sender,
          created_at: row.last_created_at,
        },
        member.id,
      ),
    },
    profile: toCard(site, row),
    num_unread_messages: Number(row.unread ?? 0),
  }));
  return { chats, total_unread_messages: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) };
}

/** Unread messages in all the member's conversations: the top bar's badge. */
export const unreadMessages = (db: Db, memberId: number) => repo.countUnread(db, memberId);

/** The other member of a conversation, as a card (whatever their visibility: the conversation exists). */
async function otherMember(db: Db, memberId: number, conversation: { member_low: number; member_high: number }) {
  const otherId = conversation.member_low === memberId ? conversation.member_high : conversation.member_low;
  const row = await db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .leftJoin("photos", (join) =>
      join.onRef("photos.user_id", "=", "users.id").on("photos.is_main", "=", 1).on("photos.status", "=", "active"),
    )
    .select(cardColumns)
    .select("users.status")
    .where("users.id", "=", otherId)
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * GET messages.php: a page of one of the member's conversations, oldest first (30, or the 30 before `before`), from
 * the point they deleted it at. Reading the newest page marks the other member's messages read.
 */
export async function conversationMessages(
  db: Db,
  site: SiteRow,
  member: UserRow,
  query: { conversation: number; before?: number },
) {
  const conversation = await repo.findOwnConversation(db, member.id, query.conversation);
  if (!conversation || (await repo.blockedBetween(db, conversation.member_low, conversation.member_high)))
    throw new ApiError(404, "not_found", "No such conversation");
  const mark = await repo.markOf(db, conversation.id, member.id);
  let rows = db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversation.id)
    .where("id", ">", mark?.cleared_up_to ?? 0);
  if (query.before) rows = rows.where("id", "<", query.before);
  const page = await rows
    .orderBy("id", "desc")
    .limit(messagesPageSize + 1)
    .execute();
  const messages = page.slice(0, messagesPageSize).reverse();
  const newest = messages.at(-1);
  if (!query.before && newest) await repo.raiseMark(db, conversation.id, member.id, "read_up_to", newest.id);
  const other = await otherMember(db, member.id, conversation);
  return {
    conversation: { id: conversation.id, read_only: other.status !== "active" },
    profile: toCard(site, other),
    messages: messages.map((m) => messageView(m, member.id)),
    has_earlier: page.length > messagesPageSize,
  };
}

/** DELETE chat.php: the conversation leaves this member's list up to its newest message; the other keeps theirs. */
export async function deleteChat(db: Db, member: UserRow, conversationId: number) {
  const conversation = await repo.findOwnConversation(db, member.id, conversationId);
  if (!conversation) throw new ApiError(404, "not_found", "No such conversation");
  const newest = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("conversation_id", "=", conversation.id)
    .executeTakeFirst();
  await repo.raiseMark(db, conversation.id, member.id, "cleared_up_to", Number(newest?.id ?? 0));
  return { ok: true as const };
}

/**
 * POST message.php: a text, paid with `message_credits` through the ledger in the same transaction (docs/architecture.md
 * "Chat"). The idempotency key makes a retried or double-clicked send one message and one charge. A spend the balance
 * cannot cover is kept on record as refused and sends nothing.
 */
export async function sendMessage(
  db: Db,
  site: SiteRow,
  sender: UserRow,
  request: z.output<typeof messageSendSchema>,
  idempotencyKey: string,
) {
  const text = request.text.trim();
  if (!text)
    throw new ApiError(400, "validation_failed", "Write a message first", { fields: { text: "validation.required" } });
  if (text.length > site.message_length)
    throw new ApiError(400, "validation_failed", `A message has at most ${site.message_length} characters`, {
      fields: { text: "chat.tooLong" },
      max: site.message_length,
    });

  const replay = await db
    .selectFrom("messages")
    .selectAll()
    .where("sender_id", "=", sender.id)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  if (replay) return answer(db, sender, replay);

  const receiverId = request.to ?? (await receiverIn(db, sender, request.conversation!));
  if (receiverId === sender.id) throw new ApiError(400, "validation_failed", "You cannot write to yourself");
  const receiver = await visibleProfiles(db, site.id, null)
    .where("users.id", "=", receiverId)
    .select("users.id")
    .executeTakeFirst();
  const existing = await repo.findConversationOfPair(db, sender.id, receiverId);
  // An existing conversation stays open to a receiver who went invisible; a new one needs a visible receiver.
  if (!existing && !receiver) throw new ApiError(404, "not_found", "This profile does not exist");
  if (await repo.blockedBetween(db, sender.id, receiverId))
    throw new ApiError(403, "blocked", "You cannot write to this member");
  const receiverStatus = await db.selectFrom("users").select("status").where("id", "=", receiverId).executeTakeFirst();
  if (receiverStatus?.status !== "active") throw new ApiError(409, "read_only", "This member's account is closing");
  if (!existing && !sender.paid_user && (await repo.countStartedConversations(db, sender.id)) >= freeConversations)
    throw new ApiError(403, "premium_required", "This feature is only available for premium members.");

  const at = nowIso();
  const sent = await db.transaction().execute(async (trx) => {
    const { conversation, created } = existing
      ? { conversation: existing, created: false }
      : await repo.insertConversationOnce(trx, {
          site_id: site.id,
          a: sender.id,
          b: receiverId,
          started_by: sender.id,
          at,
        });
    const message = await trx
      .insertInto("messages")
      .values({
        conversation_id: conversation.id,
        sender_id: sender.id,
        kind: "text",
        body: text,
        credits: site.message_credits,
        idempotency_key: idempotencyKey,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(["sender_id", "idempotency_key"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    // A twin with the same key wrote it a moment ago: that one is the message.
    if (!message) return { message: null, refused: false };
    const paid = await moveCredits(trx, {
      userId: sender.id,
      amount: -site.message_credits,
      kind: "message",
      reference: `message:${message.id}`,
      idempotencyKey: `message:${message.id}`,
      at,
    });
    if (!paid.applied) {
      // The refusal stays on record in the ledger; the message (and a conversation it would have started) does not.
      await trx.deleteFrom("messages").where("id", "=", message.id).execute();
      if (created) await trx.deleteFrom("conversations").where("id", "=", conversation.id).execute();
      return { message: null, refused: true };
    }
    await trx.updateTable("conversations").set({ last_message_at: at }).where("id", "=", conversation.id).execute();
    await repo.raiseMark(trx, conversation.id, sender.id, "read_up_to", message.id);
    return { message, refused: false };
  });
  if (sent.refused) throw new ApiError(402, "insufficient_credits", "You do not have enough credits");
  const message =
    sent.message ??
    (await db
      .selectFrom("messages")
      .selectAll()
      .where("sender_id", "=", sender.id)
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirstOrThrow());
  return answer(db, sender, message);
}

async function receiverIn(db: Db, member: UserRow, conversationId: number) {
  const conversation = await repo.findOwnConversation(db, member.id, conversationId);
  if (!conversation) throw new ApiError(404, "not_found", "No such conversation");
  return conversation.member_low === member.id ? conversation.member_high : conversation.member_low;
}

async function answer(
  db: Db,
  sender: UserRow,
  message: Parameters<typeof messageView>[0] & { conversation_id: number },
) {
  const user = await db.selectFrom("users").select("credits").where("id", "=", sender.id).executeTakeFirstOrThrow();
  return { message: messageView(message, sender.id), conversation: message.conversation_id, credits: user.credits };
}
