import type { Selectable } from "kysely";
import { type Message, messagesPageSize } from "../../contract/chat";
import type { GiftId } from "../../contract/gifts";
import { isModerator } from "../../contract/staff";
import { moveCredits } from "../credits/ledger";
import { type Db, isPostgres, nowIso } from "../db/database";
import { inGroupCommit } from "../db/group-commit";
import type { MessageKind, MessagesTable, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import type { EventBus } from "../events/event-bus";
import { assertSameRequest } from "../http/idempotency";
import { cardColumns, visibleProfiles } from "../members/members.repository";
import { toCard } from "../members/members.service";
import { messagesSent } from "../metrics/metrics";
import { queueNotification } from "../notifications/notifications.service";
import { conversationUnderReport } from "../reports/reports.repository";
import * as repo from "./chat.repository";

/** docs/product.md §6: a free member may start two conversations; replies in them are not limited. */
export const freeConversations = 2;

type MessageRow = Selectable<MessagesTable>;
type MessageFields = Pick<
  MessageRow,
  | "id"
  | "kind"
  | "body"
  | "credits"
  | "created_at"
  | "sender_id"
  | "gift"
  | "photo_status"
  | "photo_width"
  | "photo_height"
> & { hidden_at: string | null };

/**
 * A message as `memberId` sees it: its price only if they sent it; a photo's size and state (a photo awaiting
 * moderation is 'Picture being inspected' to its sender and nothing more to the receiver, who cannot load it).
 */
export const messageView = (row: MessageFields, memberId: number): Message => ({
  id: row.id,
  kind: row.kind,
  // A message a moderator removed shows that it was removed, not what it said (docs/product.md §6.8).
  text: row.hidden_at ? null : row.body,
  photo:
    row.kind === "photo" && !row.hidden_at
      ? { status: row.photo_status ?? "pending", width: row.photo_width ?? 0, height: row.photo_height ?? 0 }
      : null,
  gift: row.hidden_at ? null : ((row.gift as GiftId | null) ?? null),
  removed: row.hidden_at !== null,
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
          gift: row.last_gift,
          photo_status: row.last_photo_status,
          photo_width: row.last_photo_width,
          photo_height: row.last_photo_height,
          hidden_at: row.last_hidden_at,
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

/** The member's conversation, unless the pair is closed (then it is as if it did not exist). */
async function ownOpenConversation(db: Db, member: UserRow, conversationId: number) {
  const conversation = await repo.findOwnConversation(db, member.id, conversationId);
  if (!conversation || (await repo.pairClosed(db, conversation.member_low, conversation.member_high)))
    throw new ApiError(404, "not_found", "No such conversation");
  return conversation;
}

const otherOf = (memberId: number, conversation: { member_low: number; member_high: number }) =>
  conversation.member_low === memberId ? conversation.member_high : conversation.member_low;

/**
 * GET messages.php: a page of one of the member's conversations, oldest first (30, the 30 before `before`, or what
 * came after `after`), from the point they deleted it at. Reading the newest page marks the other member's messages
 * read, and tells the other member so, unless `markRead` is off (a request another site sent).
 */
export async function conversationMessages(
  { db, events }: { db: Db; events: EventBus },
  site: SiteRow,
  member: UserRow,
  query: { conversation: number; before?: number; after?: number },
  { markRead: mayMarkRead }: { markRead: boolean },
) {
  const conversation = await ownOpenConversation(db, member, query.conversation);
  const mark = await repo.markOf(db, conversation.id, member.id);
  let rows = db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversation.id)
    .where("id", ">", Math.max(mark?.cleared_up_to ?? 0, query.after ?? 0));
  if (query.before) rows = rows.where("id", "<", query.before);
  const page = await rows
    .orderBy("id", query.after === undefined ? "desc" : "asc")
    .limit(messagesPageSize + 1)
    .execute();
  const messages =
    query.after === undefined ? page.slice(0, messagesPageSize).reverse() : page.slice(0, messagesPageSize);
  const newest = messages.at(-1);
  if (mayMarkRead && query.before === undefined && query.after === undefined && newest)
    await markRead({ db, events }, member, conversation, newest.id);
  const otherId = otherOf(member.id, conversation);
  const [other, otherMark] = await Promise.all([
    otherMember(db, member.id, conversation),
    repo.markOf(db, conversation.id, otherId),
  ]);
  return {
    conversation: {
      id: conversation.id,
      read_only: other.status !== "active",
      other_read_up_to: otherMark?.read_up_to ?? 0,
      photos_revealed: Boolean(mark?.photos_revealed),
    },
    profile: toCard(site, other),
    messages: messages.map((m) => messageView(m, member.id)),
    // With `after`, whether more came after this page (the caller asks again from its newest).
    has_earlier: page.length > messagesPageSize,
  };
}

/** Moves the member's read mark forward; the other member's open page shows it as read (never moves back). */
async function markRead(
  { db, events }: { db: Db; events: EventBus },
  member: UserRow,
  conversation: { id: number; member_low: number; member_high: number },
  upTo: number,
) {
  const before = await repo.markOf(db, conversation.id, member.id);
  if ((before?.read_up_to ?? 0) >= upTo) return;
  await repo.raiseMark(db, conversation.id, member.id, "read_up_to", upTo);
  await events
    .publish({ userId: otherOf(member.id, conversation), type: "read", conversation: conversation.id, id: upTo })
    .catch(() => undefined);
}

/** POST chat-read.php: an open conversation page has shown the member its messages up to `upTo`. */
export async function readUpTo(
  deps: { db: Db; events: EventBus },
  member: UserRow,
  conversationId: number,
  upTo: number,
) {
  const conversation = await ownOpenConversation(deps.db, member, conversationId);
  const newest = await deps.db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("conversation_id", "=", conversation.id)
    .executeTakeFirst();
  // Never past the conversation's own newest message: a mark cannot swallow messages still to come.
  await markRead(deps, member, conversation, Math.min(upTo, Number(newest?.id ?? 0)));
  return { ok: true as const };
}

/** POST chat-reveal.php: the member consents to see the other's photos in this conversation unblurred. */
export async function revealPhotos(db: Db, member: UserRow, conversationId: number) {
  const conversation = await ownOpenConversation(db, member, conversationId);
  await db
    .insertInto("conversation_marks")
    .values({ conversation_id: conversation.id, user_id: member.id, photos_revealed: 1 })
    .onConflict((oc) => oc.columns(["conversation_id", "user_id"]).doUpdateSet({ photos_revealed: 1 }))
    .execute();
  return { ok: true as const };
}

/** POST typing.php: relayed to the other member's open page at once; nothing is stored. */
export async function typing({ db, events }: { db: Db; events: EventBus }, member: UserRow, conversationId: number) {
  const conversation = await ownOpenConversation(db, member, conversationId);
  await events.publish({
    userId: otherOf(member.id, conversation),
    type: "typing",
    conversation: conversation.id,
  });
  return { ok: true as const };
}

/**
 * The stored photo of a message in one of the member's conversations: only the two members reach it while their pair
 * is open, and a photo awaiting moderation (or rejected) only its sender; none once a moderator hid the message. The
 * receiver reaches the photo itself only after choosing to see photos in this conversation (chat-reveal.php); before,
 * only its blurred `preview` (docs/product.md §2.19). A moderator reaches the photos of a conversation with a message
 * under an open report, to decide it.
 */
export async function chatPhotoKey(db: Db, member: UserRow, messageId: number, shown: "photo" | "preview") {
  const row = await db
    .selectFrom("messages")
    .innerJoin("conversations as c", "c.id", "messages.conversation_id")
    .leftJoin("conversation_marks as mark", (join) =>
      join.onRef("mark.conversation_id", "=", "c.id").on("mark.user_id", "=", member.id),
    )
    .select(["messages.photo_key", "messages.photo_status", "messages.sender_id", "messages.hidden_at"])
    .select(["c.id as conversation_id", "c.site_id", "c.member_low", "c.member_high", "mark.photos_revealed"])
    .where("messages.id", "=", messageId)
    .where("messages.kind", "=", "photo")
    .executeTakeFirst();
  if (!row?.photo_key) throw new ApiError(404, "not_found", "No such photo");
  if (
    isModerator(member.role) &&
    row.site_id === member.site_id &&
    (await conversationUnderReport(db, row.conversation_id))
  )
    return row.photo_key;
  const memberOf = row.member_low === member.id || row.member_high === member.id;
  const mine = row.sender_id === member.id;
  const visible = mine || row.photo_status === "approved";
  if (!memberOf || !visible || row.hidden_at || (await repo.pairClosed(db, row.member_low, row.member_high)))
    throw new ApiError(404, "not_found", "No such photo");
  if (shown === "photo" && !mine && !row.photos_revealed)
    throw new ApiError(404, "not_found", "Choose to see the photos of this conversation first");
  return row.photo_key;
}

/** The conversation a send goes to, for a photo stored before its message exists. */
export async function conversationFor(db: Db, member: UserRow, recipient: Recipient) {
  // A blocked pair's conversation is found here, so that the send answers 403 blocked as a text's does.
  if (recipient.conversation) return (await ownConversation(db, member, recipient.conversation)).id;
  return (await repo.findConversationOfPair(db, member.id, recipient.to!))?.id ?? null;
}

/** DELETE chat.php: the conversation leaves this member's list up to its newest message; the other keeps theirs. */
export async function deleteChat(db: Db, member: UserRow, conversationId: number) {
  const conversation = await repo.findOwnConversation(db, member.id, conversationId);
  if (!conversation) throw new ApiError(404, "not_found", "No such conversation");
  await clearConversation(db, member, conversation.id);
  return { ok: true as const };
}

/**
 * DELETE chat.php with `profile`: every conversation with that member leaves this member's list (docs/product.md §4:
 * "removes all conversations with that profile"). None is no error: the list is then as asked.
 */
export async function deleteChatsWith(db: Db, member: UserRow, profileId: number) {
  for (const conversation of await repo.conversationsOfPair(db, member.id, profileId))
    await clearConversation(db, member, conversation.id);
  return { ok: true as const };
}

async function clearConversation(db: Db, member: UserRow, conversationId: number) {
  const newest = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  await repo.raiseMark(db, conversationId, member.id, "cleared_up_to", Number(newest?.id ?? 0));
}

/** What a send carries: a text, a gift, or a photo already re-encoded and stored under `photo_key`. */
export type MessageContent =
  | { kind: "text"; text: string }
  | { kind: "gift"; gift: GiftId }
  | { kind: "photo"; key: string; width: number; height: number };

/** Who a send goes to: one of the member's conversations, or a member (the conversation starts, or is found). */
export type Recipient = { conversation?: number; to?: number };

/** A text's own rules (docs/product.md §5): not empty, at most the site's message_length, never cut. */
export function textContent(site: SiteRow, raw: string): MessageContent {
  const text = raw.trim();
  if (!text)
    throw new ApiError(400, "validation_failed", "Write a message first", { fields: { text: "validation.required" } });
  if (text.length > site.message_length)
    throw new ApiError(400, "validation_failed", `A message has at most ${site.message_length} characters`, {
      fields: { text: "chat.tooLong" },
      max: site.message_length,
    });
  return { kind: "text", text };
}

const priceOf = (site: SiteRow, kind: MessageKind) =>
  kind === "photo" ? site.photo_credits : kind === "gift" ? site.gift_credits : site.message_credits;

const sentUnderKey = async (db: Db, senderId: number, idempotencyKey: string) =>
  (await repo.sentUnderKey(db, { senderId, idempotencyKey }))[0];

/**
 * The answer to a send this sender already made under this key (a retry, a double click), or null; 422 when the key
 * sent something else (api/http/idempotency.ts).
 */
export async function earlierSend(db: Db, sender: UserRow, idempotencyKey: string, requestHash: string) {
  const message = await sentUnderKey(db, sender.id, idempotencyKey);
  if (message) assertSameRequest(message, requestHash);
  return message ? answer(db, sender, message) : null;
}

/**
 * POST message.php and message-photo.php: a message, paid through the ledger in the same transaction as it is written
 * (docs/architecture.md "Chat"): a text costs `message_credits`, a photo `photo_credits`, a gift `gift_credits`. The
 * idempotency key makes a retried or double-clicked send one message and one charge. A spend the balance cannot cover
 * is kept on record as refused and sends nothing. Both members hear of it on the event bus once it is committed.
 */
export async function sendMessage(
  { db, events }: { db: Db; events: EventBus },
  site: SiteRow,
  sender: UserRow,
  recipient: Recipient,
  content: MessageContent,
  idempotencyKey: string,
  requestHash: string,
) {
  const replay = await earlierSend(db, sender, idempotencyKey, requestHash);
  if (replay) return { ...replay, written: false };

  // The conversation named, or the pair's: found once, with the receiver's state and any block in one more query.
  const named = recipient.conversation ? await ownConversation(db, sender, recipient.conversation) : undefined;
  const receiverId = named ? otherOf(sender.id, named) : recipient.to!;
  if (receiverId === sender.id) throw new ApiError(400, "validation_failed", "You cannot write to yourself");
  const existing = named ?? (await repo.findConversationOfPair(db, sender.id, receiverId));
  // An existing conversation stays open to a receiver who went invisible; a new one needs a visible receiver.
  if (!existing) {
    const visible = await visibleProfiles(db, site.id, null)
      .where("users.id", "=", receiverId)
      .select("users.id")
      .executeTakeFirst();
    if (!visible) throw new ApiError(404, "not_found", "This profile does not exist");
  }
  const receiver = await repo.receiverState(db, sender.id, receiverId);
  if (!receiver) throw new ApiError(404, "not_found", "This profile does not exist");
  if (receiver.blocked) throw new ApiError(403, "blocked", "You cannot write to this member");
  if (receiver.status !== "active") throw new ApiError(409, "read_only", "This member's account is closing");
  // An invisible member does not appear as a new sender (docs/product.md §6.5): they are told so, not charged for a
  // message nobody would see.
  if (!existing && (await repo.isInvisible(db, sender.id)))
    throw new ApiError(403, "invisible", "Turn invisible mode off to start a conversation");
  if (!existing && !sender.paid_user && (await repo.countStartedConversations(db, sender.id)) >= freeConversations)
    throw new ApiError(403, "premium_required", "This feature is only available for premium members.");

  const price = priceOf(site, content.kind);
  const at = nowIso();
  // Answered only once its commit is on disk; sends waiting together share that commit (api/db/group-commit.ts).
  const sent = await inGroupCommit(db, async (trx) => {
    // One send at a time per conversation on PostgreSQL, so its messages' ids follow their commits: a chat stream
    // reads "after the last id it sent" and would skip for good a lower id committed after a higher one. (SQLite
    // writes one transaction at a time.)
    if (existing && isPostgres(db))
      await trx.selectFrom("conversations").select("id").where("id", "=", existing.id).forUpdate().execute();
    const { conversation, created } = existing
      ? { conversation: existing, created: false }
      : await repo.insertConversationOnce(trx, {
          site_id: site.id,
          a: sender.id,
          b: receiverId,
          started_by: sender.id,
          at,
        });
    const [message] = await repo.insertMessageOnce(trx, {
      conversation_id: conversation.id,
      sender_id: sender.id,
      kind: content.kind,
      body: content.kind === "text" ? content.text : null,
      gift: content.kind === "gift" ? content.gift : null,
      photo_key: content.kind === "photo" ? content.key : null,
      photo_status: content.kind !== "photo" ? null : site.chat_photo_moderation ? "pending" : "approved",
      photo_width: content.kind === "photo" ? content.width : null,
      photo_height: content.kind === "photo" ? content.height : null,
      credits: price,
      idempotency_key: idempotencyKey,
      request_hash: requestHash,
      created_at: at,
    });
    // A twin with the same key wrote it a moment ago: that one is the message.
    if (!message) return { message: null, refused: false, balance: 0 };
    const paid = await moveCredits(trx, {
      userId: sender.id,
      amount: -price,
      kind: content.kind === "text" ? "message" : content.kind,
      reference: `message:${message.id}`,
      idempotencyKey: `message:${message.id}`,
      at,
    });
    if (!paid.applied) {
      // The refusal stays on record in the ledger; the message (and a conversation it would have started) does not.
      await trx.deleteFrom("messages").where("id", "=", message.id).execute();
      if (created) await trx.deleteFrom("conversations").where("id", "=", conversation.id).execute();
      return { message: null, refused: true, balance: paid.balance };
    }
    await repo.touchConversation(trx, { conversationId: conversation.id, at });
    await repo.raiseMark(trx, conversation.id, sender.id, "read_up_to", message.id);
    // The receiver's mail or push comes with the message or not at all (and costs no commit of its own).
    await queueNotification(trx, { userId: receiverId, event: "message", actorId: sender.id, subjectId: message.id });
    return { message, refused: false, balance: paid.balance };
  });
  if (sent.refused) throw new ApiError(402, "insufficient_credits", "You do not have enough credits");
  const message = sent.message ?? (await sentUnderKey(db, sender.id, idempotencyKey))!;
  // A twin under the same key wrote it a moment ago: its answer is this one's only if it asked the same.
  if (!sent.message) assertSameRequest(message, requestHash);
  if (sent.message) {
    messagesSent.inc({ kind: content.kind });
    for (const userId of [sender.id, receiverId])
      await events
        .publish({ userId, type: "message", conversation: message.conversation_id, id: message.id })
        .catch(() => undefined);
  }
  // `written`: this call wrote the message (not a twin under the same key), so what it stored is in use.
  if (!sent.message) return { ...(await answer(db, sender, message)), written: false };
  const view = {
    message: messageView(message, sender.id),
    conversation: message.conversation_id,
    credits: sent.balance,
  };
  return { ...view, written: true };
}

/** One of the member's conversations, blocked or not (a send to a blocked pair is answered 403, not 404). */
async function ownConversation(db: Db, member: UserRow, conversationId: number) {
  const conversation = await repo.findOwnConversation(db, member.id, conversationId);
  if (!conversation) throw new ApiError(404, "not_found", "No such conversation");
  return conversation;
}

async function answer(db: Db, sender: UserRow, message: MessageRow) {
  const user = await db.selectFrom("users").select("credits").where("id", "=", sender.id).executeTakeFirstOrThrow();
  return {
    message: messageView(message, sender.id),
    conversation: message.conversation_id,
    credits: user.credits,
  };
}
