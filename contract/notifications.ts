import { z } from "zod";

/** Why notification mails stopped (docs/product.md §4.16): a spam complaint, a bounce, or the mail's unsubscribe link. */
export const mailDisabledReasons = ["fbl", "bounce", "listunsubscribe"] as const;

import { mailEvents } from "./notifications-values";

export { type MailEvent, mailEvents } from "./notifications-values";

export const notificationSettingsSchema = z.object({
  email_messages: z.boolean(),
  email_likes: z.boolean(),
  email_matches: z.boolean(),
  push_messages: z.boolean(),
  push_likes: z.boolean(),
  push_matches: z.boolean(),
  /** No notification between 23:00 and 8:00 in time_zone. */
  quiet_hours: z.boolean(),
  /** An IANA time zone such as Europe/Amsterdam. */
  time_zone: z.string().refine(isTimeZone, "notifications.timeZoneInvalid"),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = z.object({
  settings: notificationSettingsSchema,
  notifications_disabled: z.array(z.enum(mailDisabledReasons)),
});

/** From a notification mail's link or its one-click List-Unsubscribe-Post: the link is the key, no login. */
export const unsubscribeRequestSchema = z.object({
  token: z.string().min(20).max(100),
  event: z.enum(mailEvents),
});

/**
 * What a mail provider's webhook reports (docs/operations.md "Mail"): a bounce, or a spam complaint (a feedback loop
 * report); the addresses concerned get no more notification mails until their member turns them back on.
 */
export const mailEventRequestSchema = z.object({
  email: z.email(),
  event: z.enum(["bounce", "complaint"]),
});

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name.includes("/") || name === "UTC";
  } catch {
    return false;
  }
}

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it (POST /api/user.php?push=1). Only https
 * addresses: the server posts to it, so it must not reach inside the network (the API may allow http for tests).
 */
export const pushSubscriptionSchema = z.object({
  subscription: z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(1000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.base64url().min(80).max(100),
      auth: z.base64url().min(16).max(32),
    }),
  }),
});

/** Forgets one of the member's subscriptions: this browser unsubscribed, or the member switched push off here. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(1000) });
