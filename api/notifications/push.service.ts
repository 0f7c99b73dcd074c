import type { Logger } from "pino";
import type { z } from "zod";
import type { pushSubscriptionSchema } from "../../contract/notifications";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import { pushesSent } from "../metrics/metrics";
import { defaultPushServiceHosts, isAllowedPushEndpoint, postPush } from "./push-endpoint";
import { webPush } from "./web-push";

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
  /** The push services' hosts subscriptions may name (PUSH_SERVICE_HOSTS); by default the browsers' own. */
  pushServiceHosts?: readonly string[];
}

/** Whether pushes may go to this endpoint (api/notifications/push-endpoint.ts). */
const endpointAllowed = (config: PushConfig, endpoint: string) =>
  config.allowHttpEndpoints || isAllowedPushEndpoint(endpoint, config.pushServiceHosts ?? defaultPushServiceHosts);

/**
 * Gives every site its VAPID keys at start: the configured pair, or a pair made once and kept with the site (a
 * new pair would orphan every subscription, so a site's keys never change unless configured). Answers each site's
 * public key as stored, read back after the writes.
 */
export async function ensurePushKeys(db: Db, config: PushConfig) {
  const { vapidPublicKey: publicKey, vapidPrivateKey: privateKey } = config;
  if (publicKey && privateKey) {
    await db
      .updateTable("sites")
      .set({ push_public_key: publicKey, push_private_key: privateKey })
      .where((eb) => eb.or([eb("push_public_key", "!=", publicKey), eb("push_private_key", "!=", privateKey)]))
      .execute();
    return storedPublicKeys(db);
  }
  const keyless = await db
    .selectFrom("sites")
    .select("id")
    .where((eb) => eb.or([eb("push_public_key", "=", ""), eb("push_private_key", "=", "")]))
    .execute();
  for (const site of keyless) {
    const keys = (await webPush()).generateVAPIDKeys();
    // Only while the site has none: of processes starting together, the first pair stored stays, and every process
    // reads that one back from the site's row (docs/operations.md "Several processes").
    await db
      .updateTable("sites")
      .set({ push_public_key: keys.publicKey, push_private_key: keys.privateKey })
      .where("id", "=", site.id)
      .where((eb) => eb.or([eb("push_public_key", "=", ""), eb("push_private_key", "=", "")]))
      .execute();
  }
  return storedPublicKeys(db);
}

/** Each site's VAPID public key as the database holds it, by site id. */
async function storedPublicKeys(db: Db) {
  const rows = await db.selectFrom("sites").select(["id", "push_public_key"]).orderBy("id").execute();
  return new Map(rows.map((row) => [row.id, row.push_public_key]));
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
  if (!endpointAllowed(config, subscription.endpoint))
    throw new ApiError(400, "validation_failed", "A push service address must be https on a known push service", {
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
  deps: { db: Db; log: Logger; push?: PushConfig },
  site: Pick<SiteRow, "push_public_key" | "push_private_key" | "support_email">,
  memberId: number,
  message: PushMessage,
): Promise<number> {
  const { db, log, push: config = {} } = deps;
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
    // Taken before the rules of today (or under a wider PUSH_SERVICE_HOSTS): never posted to, forgotten.
    if (!endpointAllowed(config, subscription.endpoint)) {
      await db.deleteFrom("push_subscriptions").where("id", "=", subscription.id).execute();
      log.warn({ userId: memberId }, "push subscription to a service not allowed, removed");
      continue;
    }
    const request = (await webPush()).generateRequestDetails(
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
      const status = await postPush(request, config.allowHttpEndpoints === true);
      pushesSent.inc({ outcome: status === 404 || status === 410 ? "gone" : status < 300 ? "sent" : "failed" });
      if (status === 404 || status === 410) {
        await db.deleteFrom("push_subscriptions").where("id", "=", subscription.id).execute();
        log.info({ userId: memberId, status }, "push subscription gone, removed");
      } else if (status >= 200 && status < 300) accepted++;
      else failure = new Error(`push service answered ${status}`);
    } catch (error) {
      pushesSent.inc({ outcome: "failed" });
      failure = error as Error;
    }
  }
  if (failure && accepted === 0) throw failure;
  if (failure) log.warn({ err: failure, userId: memberId }, "a push to one of the member's browsers failed");
  return accepted;
}
