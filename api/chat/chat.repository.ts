import { type Insertable, sql } from "kysely";
import type { DbOrTx } from "../db/database";
import { reusableQuery } from "../db/reusable-query";
import type { MessagesTable } from "../db/schema";
import { anyBarred, barredAccounts, cardColumns } from "../members/members.repository";

/** The pair in the order conversations keep it. */
export const pairOf = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

export function findConversationOfPair(db: DbOrTx, a: number, b: number) {
  const { low, high } = pairOf(a, b);
  return db
    .selectFrom("conversations")
    .selectAll()
    .where("member_low", "=", low)
    .where("member_high", "=", high)
    .executeTakeFirst();
}

/** Every conversation of a pair: the one a pair has, but deleting "all conversations with" a member needs no such promise. */
export function conversationsOfPair(db: DbOrTx, a: number, b: number) {
  const { low, high } = pairOf(a, b);
  return db
    .selectFrom("conversations")
    .select("id")
    .where("member_low", "=", low)
    .where("member_high", "=", high)
    .execute();
}

const ownConversation = reusableQuery((db, p: { memberId: number; id: number }) =>
  db
    .selectFrom("conversations")
    .selectAll()
    .where("id", "=", p.id)
    .where((eb) => eb.or([eb("member_low", "=", p.memberId), eb("member_high", "=", p.memberId)])),
);

/** The member's own conversation: nobody reaches another pair's. */
export async function findOwnConversation(db: DbOrTx, memberId: number, id: number) {
  const [conversation] = await ownConversation(db, { memberId, id });
  return conversation;
}

/** The pair's conversation, made now unless a twin send made it a moment ago; `created` says which. */
export async function insertConversationOnce(
  db: DbOrTx,
  values: { site_id: number; a: number; b: number; started_by: number; at: string },
) {
  const { low, high } = pairOf(values.a, values.b);
  const created = await db
    .insertInto("conversations")
    .values({
      site_id: values.site_id,
      member_low: low,
      member_high: high,
      started_by: values.started_by,
      created_at: values.at,
      last_message_at: values.at,
    })
    .onConflict((oc) => oc.columns(["member_low", "member_high"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  return {
    conversation: created ?? (await findConversationOfPair(db, values.a, values.b))!,
    created: Boolean(created),
  };
}

export async function countStartedConversations(db: DbOrTx, memberId: number) {
  const row = await db
    .selectFrom("conversations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("started_by", "=", memberId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the member is in invisible mode. */
export async function isInvisible(db: DbOrTx, userId: number) {
  const row = await db.selectFrom("profiles").select("invisible").where("user_id", "=", userId).executeTakeFirst();
  return row?.invisible === 1;
}

/** A block between the two, in either direction. */
const blockOfPair = (db: DbOrTx, a: number, b: number) =>
  db
    .selectFrom("blocks")
    .select("blocker_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker_id", "=", a), eb("blocked_id", "=", b)]),
        eb.and([eb("blocker_id", "=", b), eb("blocked_id", "=", a)]),
      ]),
    );

/**
 * The receiver's account state and whether the pair is closed (see pairClosed), in one query: a message to a closed
 * pair would be paid for and never read.
 */
export async function receiverState(db: DbOrTx, senderId: number, receiverId: number) {
  const [row] = await receiverStateQuery(db, { senderId, receiverId, now: new Date().toISOString() });
  return row && { status: row.status, blocked: Boolean(row.blocked) || Boolean(row.barred) };
}

const receiverStateQuery = reusableQuery((db, p: { senderId: number; receiverId: number; now: string }) =>
  db
    .selectFrom("users")
    .select("users.status")
    .select((eb) => eb.exists(blockOfPair(db, p.senderId, p.receiverId)).as("blocked"))
    .select((eb) => eb("users.id", "in", barredAccounts(db, p.now)).as("barred"))
    .where("users.id", "=", p.receiverId),
);

/**
 * Whether the two can no longer reach each other: either blocked the other, or a moderator banned or suspended one
 * of them. Their conversation is then as if it did not exist.
 */
export async function pairClosed(db: DbOrTx, a: number, b: number) {
  if (await blockOfPair(db, a, b).executeTakeFirst()) return true;
  return anyBarred(db, [a, b]);
}

type Mark = "read_up_to" | "cleared_up_to";

const raiseMarkQuery = (mark: Mark) =>
  reusableQuery((db, p: { conversationId: number; userId: number; upTo: number }) =>
    db
      .insertInto("conversation_marks")
      .values({ conversation_id: p.conversationId, user_id: p.userId, [mark]: p.upTo })
      .onConflict((oc) =>
        oc.columns(["conversation_id", "user_id"]).doUpdateSet((eb) => ({
          [mark]: sql<number>`case when ${eb.ref(`excluded.${mark}`)} > ${eb.ref(`conversation_marks.${mark}`)} then ${eb.ref(`excluded.${mark}`)} else ${eb.ref(`conversation_marks.${mark}`)} end`,
        })),
      ),
  );
const raiseMarkQueries = { read_up_to: raiseMarkQuery("read_up_to"), cleared_up_to: raiseMarkQuery("cleared_up_to") };

/** Moves a member's mark on a conversation forward (never back), creating it on first use. */
export async function raiseMark(db: DbOrTx, conversationId: number, userId: number, mark: Mark, upTo: number) {
  await raiseMarkQueries[mark](db, { conversationId, userId, upTo });
}

/** A conversation's newest message is from `at` (the list's order). */
export const touchConversation = reusableQuery((db, p: { conversationId: number; at: string }) =>
  db.updateTable("conversations").set({ last_message_at: p.at }).where("id", "=", p.conversationId),
);

type NewMessage = Omit<Insertable<MessagesTable>, "id" | "hidden_at">;

/** The message, unless its sender wrote one under this key a moment ago (a twin request): then no row. */
export const insertMessageOnce = reusableQuery((db, p: Required<NewMessage>) =>
  db
    .insertInto("messages")
    .values({
      conversation_id: p.conversation_id,
      sender_id: p.sender_id,
      kind: p.kind,
      body: p.body,
      gift: p.gift,
      photo_key: p.photo_key,
      photo_status: p.photo_status,
      photo_width: p.photo_width,
      photo_height: p.photo_height,
      credits: p.credits,
      idempotency_key: p.idempotency_key,
      request_hash: p.request_hash,
      created_at: p.created_at,
    })
    .onConflict((oc) => oc.columns(["sender_id", "idempotency_key"]).doNothing())
    .returningAll(),
);

/** What the sender sent under this key, if anything (a retry, a double click). */
export const sentUnderKey = reusableQuery((db, p: { senderId: number; idempotencyKey: string }) =>
  db
    .selectFrom("messages")
    .selectAll()
    .where("sender_id", "=", p.senderId)
    .where("idempotency_key", "=", p.idempotencyKey),
);

export function markOf(db: DbOrTx, conversationId: number, userId: number) {
  return db
    .selectFrom("conversation_marks")
    .select(["read_up_to", "cleared_up_to", "photos_revealed"])
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/**
 * The member's conversations with a message after the point they deleted it at, newest first: the other member's
 * card, the last message, and how many of the other's messages came after the member's read mark. Conversations with
 * someone who blocked the member, or whom they blocked, are left out.
 */
export function listConversations(db: DbOrTx, siteId: number, memberId: number) {
  return (
    db
      .selectFrom("conversations as c")
      .innerJoin("users", (join) =>
        join.on((eb) =>
          eb(
            "users.id",
            "=",
            eb
              .case()
              .when("c.member_low", "=", memberId)
              .then(eb.ref("c.member_high"))
              .else(eb.ref("c.member_low"))
              .end(),
          ),
        ),
      )
      .innerJoin("profiles", "profiles.user_id", "users.id")
      .leftJoin("photos", (join) =>
        join.onRef("photos.user_id", "=", "users.id").on("photos.is_main", "=", 1).on("photos.status", "=", "active"),
      )
      .leftJoin("conversation_marks as mark", (join) =>
        join.onRef("mark.conversation_id", "=", "c.id").on("mark.user_id", "=", memberId),
      )
      .innerJoin("messages as last", (join) =>
        join.on((eb) =>
          eb(
            "last.id",
            "=",
            eb
              .selectFrom("messages as m")
              .select((m) => m.fn.max("m.id").as("id"))
              .whereRef("m.conversation_id", "=", "c.id"),
          ),
        ),
      )
      .where("c.site_id", "=", siteId)
      .where((eb) => eb.or([eb("c.member_low", "=", memberId), eb("c.member_high", "=", memberId)]))
      // A banned or suspended partner is gone from the list as from every other (docs/product.md §6.8).
      .where("users.id", "not in", barredAccounts(db))
      .where((eb) => eb("last.id", ">", eb.fn.coalesce("mark.cleared_up_to", sql<number>`0`)))
      .where((eb) => eb.not(eb.exists(blockBetween(db, memberId, "users.id"))))
      .select(cardColumns)
      .select([
        "c.id as conversation_id",
        "last.id as last_id",
        "last.kind as last_kind",
        "last.body as last_body",
        "last.sender_id as last_sender",
        "last.credits as last_credits",
        "last.created_at as last_created_at",
        "last.gift as last_gift",
        "last.photo_status as last_photo_status",
        "last.photo_width as last_photo_width",
        "last.photo_height as last_photo_height",
        "last.hidden_at as last_hidden_at",
      ])
      .select((eb) =>
        eb
          .selectFrom("messages as u")
          .select((u) => u.fn.countAll<number>().as("n"))
          .whereRef("u.conversation_id", "=", "c.id")
          .where("u.sender_id", "!=", memberId)
          .where((u) => u("u.id", ">", u.fn.coalesce("mark.read_up_to", sql<number>`0`)))
          .where((u) => u("u.id", ">", u.fn.coalesce("mark.cleared_up_to", sql<number>`0`)))
          .as("unread"),
      )
      .orderBy("last.id", "desc")
      .execute()
  );
}

/**
 * Messages from others after the member's read and delete marks, in conversations no block stands between. Counted
 * per conversation from its marks on (the messages index's range), so only unread messages are read, not every
 * message of every conversation the member has (docs/architecture.md, "Member search at scale").
 */
export async function countUnread(db: DbOrTx, memberId: number) {
  const [row] = await countUnreadQuery(db, { memberId, now: new Date().toISOString() });
  return Number(row?.n ?? 0);
}

// Built once (api/db/reusable-query.ts): every member page and poll counts the unread messages for the top bar.
const countUnreadQuery = reusableQuery((db, p: { memberId: number; now: string }) =>
  db
    .selectFrom("conversations as c")
    .leftJoin("conversation_marks as k", (join) =>
      join.onRef("k.conversation_id", "=", "c.id").on("k.user_id", "=", p.memberId),
    )
    .where((eb) => eb.or([eb("c.member_low", "=", p.memberId), eb("c.member_high", "=", p.memberId)]))
    .select((eb) =>
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb
              .selectFrom("messages as m")
              .select((m) => m.fn.countAll<number>().as("n"))
              .whereRef("m.conversation_id", "=", "c.id")
              .where((m) => m("m.id", ">", m.fn.coalesce("k.read_up_to", sql<number>`0`)))
              .where((m) => m("m.id", ">", m.fn.coalesce("k.cleared_up_to", sql<number>`0`)))
              .where("m.sender_id", "!=", p.memberId)
              .where("m.sender_id", "not in", barredAccounts(db, p.now))
              .where((m) => m.not(m.exists(blockBetween(db, p.memberId, "m.sender_id")))),
          ),
          sql<number>`0`,
        )
        .as("n"),
    ),
);

/** A block either way between the member and the member in `other`, a column of the query around it. */
function blockBetween(db: DbOrTx, memberId: number, other: "users.id" | "m.sender_id") {
  const them = sql.ref<number>(other);
  return db
    .selectFrom("blocks")
    .select("blocker_id")
    .where((b) =>
      b.or([
        b.and([b("blocks.blocker_id", "=", memberId), b("blocks.blocked_id", "=", them)]),
        b.and([b("blocks.blocker_id", "=", them), b("blocks.blocked_id", "=", memberId)]),
      ]),
    );
}
