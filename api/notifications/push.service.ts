import type { Logger } from "pino";
import webpush from "web-push";
import type { z } from "zod";
import type { pushSubscriptionSchema } from "../../contract/notifications";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";

/**
 * Web push (docs/product.md §4.16): members' browsers subscribe with the site's VAPID public key; the notification
 * worker encrypts each push with `web-push` and posts it to the browser's push service.
 */

export interface PushConfig {
  /** Both set: every site signs with this pair (docs/operations.md "Push"); else each site keeps its own. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** Tests post to a fake push service on http://127.0.0.1; production only to https push services. */
  allowHttpEndpoints?: boolean;
}

/**
 * Gives every site its VAPID keys at start: the configured pair, or a pair made once and kept with the site (a
 * new pair would orphan every subscription, so a site's keys never change unless configured).
 */
export async function ensurePushKeys(db: Db, config: PushConfig) {
  const { vapidPublicKey: publicKey, vapidPrivateKey: privateKey } = config;
  if (publicKey && privateKey) {
    await db
      .updateTable("sites")
      .set({ push_public_key: publicKey, push_private_key: privateKey })
      .where((eb) => eb.or([eb("push_public_key", "!=", publicKey), eb("push_private_key", "!=", privateKey)]))
      .execute();
    return;
  }
  const keyless = await db
    .selectFrom("sites")
    .select("id")
    .where((eb) => eb.or([eb("push_public_key", "=", ""), eb("push_private_key", "=", "")]))
    .execute();
  for (const site of keyless) {
    const keys = webpush.generateVAPIDKeys();
    await db
      .updateTable("sites")
      .set({ push_public_key: keys.publicKey, push_private_key: keys.privateKey })
      .where("id", "=", site.id)
      .execute();
  }
}

type Subscription = z.output<typeof pushSubscriptionSchema>["subscription"];

/**
 * POST user.php?push=1: this browser gets the member's pushes while this login lasts (an endpoint moves to whoever
 * subscribed last on it).
 */
export async function subscribe(
  db: Db,
  config: PushConfig,
  member: { id: number; session_id: number },
  subscription: Subscription,
) {
  if (!config.allowHttpEndpoints && !isPublicHttps(subscription.endpoint))
    throw new ApiError(400, "validation_failed", "A push service address must be https", {
      fields: { "subscription.endpoint": "push.endpointInvalid" },
    });
  const row = {
    user_id: member.id,
    session_id: member.session_id,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    created_at: new Date().toISOString(),
  };
  await db
    .insertInto("push_subscriptions")
    .values({ ...row, endpoint: subscription.endpoint })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet(row))
    .execute();
  return { ok: true as const };
}

/** DELETE user.php?push=1: only the member's own subscription goes. */
export async function unsubscribe(db: Db, memberId: number, endpoint: string) {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", memberId).where("endpoint", "=", endpoint).execute();
  return { ok: true as const };
}

/** What the service worker shows (public/sw.js): texts in the member's language, the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the site. */
  url: string;
  /** One notification per conversation or kind: a newer one replaces it instead of piling up. */
  tag: string;
}

/**
 * Sends a push to each of the member's browsers. A browser the push service no longer knows (404, 410) is
 * forgotten; any other failure throws, and the queue tries again later. Returns how many pushes were accepted.
 */
export async function pushToMember(
  deps: { db: Db; log: Logger },
  site: Pick<SiteRow, "push_public_key" | "push_private_key" | "support_email">,
  memberId: number,
  message: PushMessage,
): Promise<number> {
  const { db, log } = deps;
  const subscriptions = await db
    .selectFrom("push_subscriptions")
    .innerJoin("sessions", "sessions.id", "push_subscriptions.session_id")
    .select(["push_subscriptions.id", "endpoint", "p256dh", "auth"])
    .where("push_subscriptions.user_id", "=", memberId)
    .where("sessions.expires_at", ">", new Date().toISOString())
    .execute();
  let accepted = 0;
  let failure: Error | undefined;
  for (const subscription of subscriptions) {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: {
          subject: `mailto:${site.support_email}`,
          publicKey: site.push_public_key,
          privateKey: site.push_private_key,
        },
        // A day: news older than that is not worth a buzz.
        TTL: 86_400,
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
      },
    );
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        body: new Uint8Array(request.body),
        redirect: "error",
        signal: AbortSignal.timeout(10_000),
      });
      if (answer.status === 404 || answer.status === 410) {
        await db.deleteFrom("push_subscriptions").where("id", "=", subscription.id).execute();
        log.info({ userId: memberId, status: answer.status }, "push subscription gone, removed");
      } else if (answer.ok) accepted++;
      else failure = new Error(`push service answered ${answer.status}`);
    } catch (error) {
      failure = error as Error;
    }
  }
  if (failure && accepted === 0) throw failure;
  if (failure) log.warn({ err: failure, userId: memberId }, "a push to one of the member's browsers failed");
  return accepted;
}

/** An https address with a name, not an IP address or localhost: push services are public hosts. */
function isPublicHttps(endpoint: string) {
  const url = new URL(endpoint);
  const host = url.hostname;
  return (
    url.protocol === "https:" &&
    host.includes(".") &&
    !/^[\d.]+$/.test(host) &&
    !host.startsWith("[") &&
    !/(^|\.)(localhost|local|internal)$/.test(host)
  );
}
