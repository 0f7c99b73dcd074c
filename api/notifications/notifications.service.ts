import crypto from "node:crypto";
import type { Logger } from "pino";
import type { MailEvent, NotificationSettings } from "../../contract/notifications";
import type { Mailer } from "../adapters/mail";
import { pairClosed } from "../chat/chat.repository";
import type { Db, DbOrTx } from "../db/database";
import type { NotificationEvent, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { siteOrigin } from "../http/site-origin";
import { renderMail } from "../mail/templates";
import { barredAccounts } from "../members/members.repository";
import { quietUntil, timeZoneOf } from "./time-zones";

/**
 * Notification mails (docs/product.md §4.16): what happened to a member is queued once per event, and mailed off the
 * request path when due, if they still want it and it is still news. Never for a fictional profile's activity.
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
 * Queues a notification for what `actorId` did to `userId`: once per message, like or match however often it is
 * queued (a unique index), and never for a fictional profile's activity.
 */
export async function queueNotification(
  db: DbOrTx,
  item: { userId: number; event: NotificationEvent; actorId: number; subjectId?: number },
) {
  const actor = await db
    .selectFrom("profiles")
    .select("fictional")
    .where("user_id", "=", item.actorId)
    .executeTakeFirst();
  if (!actor || actor.fictional === 1) return;
  const now = Date.now();
  await db
    .insertInto("notification_queue")
    .values({
      user_id: item.userId,
      event: item.event,
      actor_id: item.actorId,
      subject_id: item.subjectId ?? 0,
      created_at: new Date(now).toISOString(),
      due_at: new Date(item.event === "message" ? now + messageDelayMs : now).toISOString(),
    })
    .onConflict((oc) => oc.columns(["user_id", "event", "actor_id", "subject_id"]).doNothing())
    .execute();
}

export interface NotificationDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
}

type Outcome = "sent" | "read" | "batched" | "preference" | "disabled" | "inactive";

/** One mail per conversation partner an hour: a burst of messages is one mail, not ten. */
const messageMailGapMs = 60 * 60_000;

/**
 * Mails what is due, oldest first, each claimed before it is sent so that two processes never send one twice. Quiet
 * hours move an item to the morning; a mail that fails is tried again in 5 minutes, at most for a day.
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
        await mail(deps, member!, profile!.name, item);
        sent++;
      } catch (error) {
        deps.log.error({ err: error, notification: item.id }, "notification mail not sent");
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

/** Whether the item is still worth a mail: an active account that wants it, and news it has not seen. */
async function judge(
  { db }: NotificationDeps,
  member: UserRow,
  item: { event: NotificationEvent; actor_id: number; subject_id: number },
  now: Date,
): Promise<Outcome> {
  if (member.status !== "active") return "inactive";
  if (await barredAccounts(db).where("users.id", "in", [member.id, item.actor_id]).executeTakeFirst())
    return "inactive";
  if (await pairClosed(db, member.id, item.actor_id)) return "inactive";
  const reasons = reasonsOf(member);
  if (reasons.includes("bounce") || reasons.includes("fbl")) return "disabled";
  if (member[preferenceOf[item.event]] !== 1) return "preference";
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
    const recent = await db
      .selectFrom("notification_queue")
      .select("id")
      .where("user_id", "=", member.id)
      .where("actor_id", "=", item.actor_id)
      .where("event", "=", "message")
      .where("outcome", "=", "sent")
      .where("done_at", ">", new Date(now.getTime() - messageMailGapMs).toISOString())
      .executeTakeFirst();
    if (recent) return "batched";
  }
  return "sent";
}

const mailKinds = { message: "newMessage", like: "newLike", match: "newMatch" } as const;
const preferenceNames: Record<NotificationEvent, MailEvent> = { message: "messages", like: "likes", match: "matches" };

async function mail(
  { db, mailer }: NotificationDeps,
  member: UserRow,
  name: string,
  item: { event: NotificationEvent; actor_id: number; subject_id: number },
) {
  const site = await db.selectFrom("sites").selectAll().where("id", "=", member.site_id).executeTakeFirstOrThrow();
  const actor = await db
    .selectFrom("profiles")
    .select("name")
    .where("user_id", "=", item.actor_id)
    .executeTakeFirstOrThrow();
  const origin = siteOrigin(site);
  const token = member.mail_token ?? (await newMailToken(db, member.id));
  const unsubscribeUrl = `${origin}/unsubscribe?token=${token}&event=${preferenceNames[item.event]}`;
  const link =
    item.event === "message"
      ? `${origin}/members/${item.actor_id}/chat`
      : item.event === "like"
        ? `${origin}/likes`
        : `${origin}/members/${item.actor_id}`;
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
