import crypto from "node:crypto";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { MailEvent, NotificationSettings } from "../../contract/notifications";
import type { Mailer } from "../adapters/mail";
import { pairClosed } from "../chat/chat.repository";
import type { Db, DbOrTx } from "../db/database";
import { reusableQuery } from "../db/reusable-query";
import type { NotificationChannel, NotificationEvent, NotificationQueueTable, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { siteOrigin } from "../http/site-origin";
import { giveBackHit, type SharedLimit, takeHit } from "../limits/shared-limits";
import { mailText, renderMail } from "../mail/templates";
import { type PushConfig, pushToMember } from "./push.service";
import { quietUntil, timeZoneOf } from "./time-zones";

/**
 * Notifications (docs/product.md §4.16, §4.17): what happened to a member is queued once per event and channel, and
 * mailed or pushed off the request path when due, if they still want it and it is still news. Never for a fictional
 * profile's activity.
 */

type Reason = "fbl" | "bounce" | "listunsubscribe";
const reasonsOf = (member: Pick<UserRow, "notifications_disabled">) =>
  JSON.parse(member.notifications_disabled) as Reason[];

/** A new message waits a little: a member in the conversation reads it there, and no mail is needed. */
const messageDelayMs = 2 * 60_000;
const preferenceOf: Record<NotificationEvent, "email_messages" | "email_likes" | "email_matches"> = {
  message: "email_messages",
  like: "email_likes",
  match: "email_matches",
};
const pushPreferenceOf: Record<NotificationEvent, "push_messages" | "push_likes" | "push_matches"> = {
  message: "push_messages",
  like: "push_likes",
  match: "push_matches",
};
const eventOfPreference: Record<MailEvent, NotificationEvent> = {
  messages: "message",
  likes: "like",
  matches: "match",
};

export async function notificationSettings(db: Db, member: UserRow) {
  const profile = await db.selectFrom("profiles").select("country").where("user_id", "=", member.id).executeTakeFirst();
  return {
    settings: {
      email_messages: member.email_messages === 1,
      email_likes: member.email_likes === 1,
      email_matches: member.email_matches === 1,
      push_messages: member.push_messages === 1,
      push_likes: member.push_likes === 1,
      push_matches: member.push_matches === 1,
      quiet_hours: member.quiet_hours === 1,
      time_zone: timeZoneOf(member, profile?.country),
    },
    notifications_disabled: reasonsOf(member),
  };
}

/** PUT notification-settings.php: saving them is also how a member turns mail back on after a bounce or complaint. */
export async function saveNotificationSettings(db: Db, member: UserRow, body: NotificationSettings) {
  await db
    .updateTable("users")
    .set({
      email_messages: Number(body.email_messages),
      email_likes: Number(body.email_likes),
      email_matches: Number(body.email_matches),
      push_messages: Number(body.push_messages),
      push_likes: Number(body.push_likes),
      push_matches: Number(body.push_matches),
      quiet_hours: Number(body.quiet_hours),
      time_zone: body.time_zone,
      notifications_disabled: "[]",
    })
    .where("id", "=", member.id)
    .execute();
  return { ok: true as const };
}

/** POST unsubscribe.php: one kind of mail off, from the link in such a mail; the reason shows on the member's pages. */
export async function unsubscribe(db: Db, token: string, event: MailEvent) {
  const member = await db.selectFrom("users").selectAll().where("mail_token", "=", token).executeTakeFirst();
  if (!member) throw new ApiError(404, "link_invalid", "This unsubscribe link is not valid");
  const reasons = new Set([...reasonsOf(member), "listunsubscribe"]);
  await db
    .updateTable("users")
    .set({ [preferenceOf[eventOfPreference[event]]]: 0, notifications_disabled: JSON.stringify([...reasons]) })
    .where("id", "=", member.id)
    .execute();
  return { ok: true as const };
}

/** POST mail-events.php: a provider's bounce or spam complaint stops notification mails to the address. */
export async function recordMailEvent(db: Db, email: string, event: "bounce" | "complaint") {
  const reason: Reason = event === "bounce" ? "bounce" : "fbl";
  const members = await db
    .selectFrom("users")
    .select(["id", "notifications_disabled"])
    .where("email", "=", email.toLowerCase())
    .execute();
  for (const member of members) {
    const reasons = new Set([...reasonsOf(member), reason]);
    await db
      .updateTable("users")
      .set({ notifications_disabled: JSON.stringify([...reasons]) })
      .where("id", "=", member.id)
      .execute();
  }
  return { ok: true as const };
}

/**
 * Queues what `actorId` did to `userId`: a mail, and a push when the member has a subscribed browser. Once per
 * message, like or match and channel however often it is queued (a unique index), and never for a fictional
 * profile's activity. One statement: it runs inside every chat send.
 */
export async function queueNotification(
  db: DbOrTx,
  item: { userId: number; event: NotificationEvent; actorId: number; subjectId?: number },
) {
  const now = Date.now();
  await queueNotificationQuery(db, {
    ...item,
    subjectId: item.subjectId ?? 0,
    createdAt: new Date(now).toISOString(),
    mailDue: new Date(item.event === "message" ? now + messageDelayMs : now).toISOString(),
  });
}

/** (A type, not an interface: a reusable query's parameters must be a record.) */
type QueuedNotification = {
  userId: number;
  event: NotificationEvent;
  actorId: number;
  subjectId: number;
  createdAt: string;
  mailDue: string;
};

/** Compiled once (api/db/reusable-query.ts): the channels and the fictional flag are part of its SQL, not values. */
const queueNotificationQuery = reusableQuery((db, p: QueuedNotification) => {
  const row = (channel: NotificationChannel, dueAt: string) =>
    db
      .selectFrom("profiles as actor")
      .select([
        sql<number>`cast(${p.userId} as integer)`.as("user_id"),
        sql<NotificationEvent>`cast(${p.event} as text)`.as("event"),
        "actor.user_id as actor_id",
        sql<number>`cast(${p.subjectId} as integer)`.as("subject_id"),
        sql<string>`cast(${p.createdAt} as text)`.as("created_at"),
        sql<string>`cast(${dueAt} as text)`.as("due_at"),
        sql<NotificationChannel>`cast(${sql.lit(channel)} as text)`.as("channel"),
      ])
      .where("actor.user_id", "=", p.actorId)
      .where("actor.fictional", "=", sql.lit(0));
  const push = row("push", p.createdAt).where(({ exists, selectFrom }) =>
    exists(selectFrom("push_subscriptions").select("id").where("push_subscriptions.user_id", "=", p.userId)),
  );
  return db
    .insertInto("notification_queue")
    .columns(["user_id", "event", "actor_id", "subject_id", "created_at", "due_at", "channel"])
    .expression(row("mail", p.mailDue).unionAll(push))
    .onConflict((oc) => oc.columns(["user_id", "event", "actor_id", "subject_id", "channel"]).doNothing());
});

export interface NotificationDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** Where pushes may go; by default only https to the browsers' push services. */
  push?: PushConfig;
}

type Outcome = "sent" | "read" | "batched" | "preference" | "disabled" | "inactive";

/** One mail per conversation partner an hour: a burst of messages is one mail, not ten. */
const messageMailSlot: SharedLimit = { scope: "message_mail", limit: 1, windowMs: 60 * 60_000 };

/**
 * Mails and pushes what is due, oldest first, each claimed before it is sent so that two processes never send one
 * twice. Quiet hours move an item to the morning; one that fails is tried again in 5 minutes, at most for a day.
 */
export async function sendDueNotifications(deps: NotificationDeps, now = new Date(), limit = 50) {
  const { db } = deps;
  const due = await db
    .selectFrom("notification_queue")
    .selectAll()
    .where("done_at", "is", null)
    .where("due_at", "<=", now.toISOString())
    .orderBy("id")
    .limit(limit)
    .execute();
  let sent = 0;
  for (const item of due) {
    const member = await db.selectFrom("users").selectAll().where("id", "=", item.user_id).executeTakeFirst();
    const profile = await db
      .selectFrom("profiles")
      .select(["country", "name"])
      .where("user_id", "=", item.user_id)
      .executeTakeFirst();
    if (member?.quiet_hours === 1) {
      const until = quietUntil(timeZoneOf(member, profile?.country), now);
      if (until) {
        await db
          .updateTable("notification_queue")
          .set({ due_at: until.toISOString() })
          .where("id", "=", item.id)
          .execute();
        continue;
      }
    }
    const claimed = await db
      .updateTable("notification_queue")
      .set({ done_at: now.toISOString() })
      .where("id", "=", item.id)
      .where("done_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const outcome: Outcome = member && profile ? await judge(deps, member, item, now) : "inactive";
    let result: Outcome | null = outcome;
    if (outcome === "sent") {
      try {
        if (item.channel === "mail") await mail(deps, member!, profile!.name, item);
        else if ((await push(deps, member!, item)) === 0) result = "inactive";
        if (result === "sent") sent++;
      } catch (error) {
        deps.log.error({ err: error, notification: item.id, channel: item.channel }, "notification not sent");
        // The hour's mail about this sender did not go: the next message may have it.
        if (item.channel === "mail" && item.event === "message")
          await giveBackHit(db, messageMailSlot, `${item.user_id}:${item.actor_id}`);
        const retry = now.getTime() - Date.parse(item.created_at) < 86_400_000;
        result = null;
        await db
          .updateTable("notification_queue")
          .set(
            retry
              ? { done_at: null, due_at: new Date(now.getTime() + 5 * 60_000).toISOString() }
              : { outcome: "inactive" },
          )
          .where("id", "=", item.id)
          .execute();
      }
    }
    if (result) await db.updateTable("notification_queue").set({ outcome: result }).where("id", "=", item.id).execute();
  }
  return sent;
}

type QueueItem = Pick<NotificationQueueTable, "event" | "actor_id" | "subject_id"> & { channel: NotificationChannel };

/**
 * Whether the item is still worth a mail or push: an active account that wants it, and news it has not seen. A
 * burst of messages is one mail an hour; pushes about one conversation replace each other on the device instead.
 */
async function judge({ db }: NotificationDeps, member: UserRow, item: QueueItem, now: Date): Promise<Outcome> {
  if (member.status !== "active") return "inactive";
  // A block between the two, or either banned or suspended.
  if (await pairClosed(db, member.id, item.actor_id)) return "inactive";
  if (item.channel === "push") {
    if (member[pushPreferenceOf[item.event]] !== 1) return "preference";
  } else {
    const reasons = reasonsOf(member);
    if (reasons.includes("bounce") || reasons.includes("fbl")) return "disabled";
    if (member[preferenceOf[item.event]] !== 1) return "preference";
  }
  if (item.event === "message") {
    const message = await db
      .selectFrom("messages")
      .leftJoin("conversation_marks as mark", (join) =>
        join.onRef("mark.conversation_id", "=", "messages.conversation_id").on("mark.user_id", "=", member.id),
      )
      .select(["messages.hidden_at", "mark.read_up_to"])
      .where("messages.id", "=", item.subject_id)
      .executeTakeFirst();
    if (!message || message.hidden_at || (message.read_up_to ?? 0) >= item.subject_id) return "read";
    if (item.channel === "push") return "sent";
    // Decided by one atomic count, not by reading what was sent: two processes mailing about two messages of one
    // sender at once cannot both find no mail yet (docs/operations.md "Several processes").
    if (!(await takeHit(db, messageMailSlot, `${member.id}:${item.actor_id}`, now))) return "batched";
  }
  return "sent";
}

const mailKinds = { message: "newMessage", like: "newLike", match: "newMatch" } as const;

/** The page a notification leads to: the conversation, the likes, or the match's profile. */
function pageOf(item: { event: NotificationEvent; actor_id: number }) {
  if (item.event === "message") return `/members/${item.actor_id}/chat`;
  return item.event === "like" ? "/likes" : `/members/${item.actor_id}`;
}

/** The member's site and the name of who did it, for a mail or a push. */
async function siteAndActor(db: Db, member: UserRow, item: { actor_id: number }) {
  const site = await db.selectFrom("sites").selectAll().where("id", "=", member.site_id).executeTakeFirstOrThrow();
  const actor = await db
    .selectFrom("profiles")
    .select("name")
    .where("user_id", "=", item.actor_id)
    .executeTakeFirstOrThrow();
  return { site, actor };
}

/** A push in the member's language with the words of the mail about the same event; a click opens its page. */
async function push({ db, log, push: config }: NotificationDeps, member: UserRow, item: QueueItem) {
  const { site, actor } = await siteAndActor(db, member, item);
  const values = { actor: actor.name, site: site.name };
  const kind = mailKinds[item.event];
  return pushToMember({ db, log, push: config }, site, member.id, {
    title: mailText(member.language, `${kind}.subject`, values),
    body: mailText(member.language, `${kind}.body`, values),
    url: pageOf(item),
    tag: item.event === "like" ? "likes" : `${item.event}-${item.actor_id}`,
  });
}
const preferenceNames: Record<NotificationEvent, MailEvent> = { message: "messages", like: "likes", match: "matches" };

async function mail(
  { db, mailer }: NotificationDeps,
  member: UserRow,
  name: string,
  item: { event: NotificationEvent; actor_id: number; subject_id: number },
) {
  const { site, actor } = await siteAndActor(db, member, item);
  const origin = siteOrigin(site);
  const token = member.mail_token ?? (await newMailToken(db, member.id));
  const unsubscribeUrl = `${origin}/unsubscribe?token=${token}&event=${preferenceNames[item.event]}`;
  const link = `${origin}${pageOf(item)}`;
  const message = renderMail(mailKinds[item.event], {
    to: member.email,
    language: member.language,
    name,
    site: site.name,
    supportEmail: site.support_email,
    link,
    values: { actor: actor.name, unsubscribe: unsubscribeUrl },
  });
  await mailer.send({
    ...message,
    from: `"${site.name}" <${site.support_email}>`,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

async function newMailToken(db: Db, memberId: number) {
  const token = crypto.randomBytes(24).toString("base64url");
  await db
    .updateTable("users")
    .set({ mail_token: token })
    .where("id", "=", memberId)
    .where("mail_token", "is", null)
    .execute();
  const row = await db.selectFrom("users").select("mail_token").where("id", "=", memberId).executeTakeFirstOrThrow();
  return row.mail_token!;
}
