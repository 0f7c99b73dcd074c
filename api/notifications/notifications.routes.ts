import crypto from "node:crypto";
import { ApiError } from "../errors";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { notificationSettings, recordMailEvent, saveNotificationSettings, unsubscribe } from "./notifications.service";
import * as push from "./push.service";

/** notification-settings.php, unsubscribe.php, mail-events.php and push-subscription.php (also at
 * user.php?push=1, docs/product.md §4.16). */
export function notificationsRoutes({ db, env }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  register("get", "/api/notification-settings.php", ({ member }) => notificationSettings(db, member));
  register("put", "/api/notification-settings.php", ({ member, body }) => saveNotificationSettings(db, member, body));
  register("post", "/api/unsubscribe.php", ({ body }) => unsubscribe(db, body.token, body.event));
  register("post", "/api/mail-events.php", ({ req, body }) => {
    if (!env.MAIL_EVENTS_TOKEN) throw new ApiError(404, "not_found", "Not found");
    const given = Buffer.from(req.get("authorization") ?? "");
    const wanted = Buffer.from(`Bearer ${env.MAIL_EVENTS_TOKEN}`);
    if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted))
      throw new ApiError(401, "authentication_required", "A valid bearer token is needed");
    return recordMailEvent(db, body.email, body.event);
  });
  register("post", "/api/push-subscription.php", ({ member, body }) =>
    push.subscribe(db, env, member, body.subscription),
  );
  register("delete", "/api/push-subscription.php", ({ member, body }) =>
    push.unsubscribe(db, member.id, body.endpoint),
  );
  return routes;
}
