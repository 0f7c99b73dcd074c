import type { Logger } from "pino";
import { acceptRetentionOffer } from "../discounts/discounts.service";
import type { ApiRequest } from "../http/api-request";
import { clearSessionCookie } from "../http/cookies";
import { perAddressLimit } from "../http/rate-limit";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { siteOrigin } from "../http/site-origin";
import type { RouteDeps } from "../route-deps";
import { countResetLookup } from "./email-lookups";
import * as lifecycle from "./lifecycle.service";

/** Activation, password reset and change, e-mail change, deletion, reactivation and data export. */
export function lifecycleRoutes({ db, env, mailer, limits }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  // Everything that sends mail is limited per visitor address; per e-mail address the services count.
  const mailRateLimit = perAddressLimit(
    3600_000,
    env.MAILS_PER_HOUR,
    "Too many emails requested, please try again later",
    limits.storeFor("mail"),
  );
  const policy = { maxFailures: env.LOGIN_MAX_FAILURES, blockMinutes: env.LOGIN_BLOCK_MINUTES };
  const mailDeps = (site: lifecycle.MailDeps["site"]) => ({ db, mailer, site, origin: siteOrigin(site) });
  const attempt = (req: ApiRequest, log: Logger) => ({ db, address: req.ip ?? "", policy, log });

  register("post", "/api/activate.php", async ({ site, body: { token } }) => {
    const { writeTo } = await lifecycle.activate(db, site, token);
    return { ok: true, write_to: writeTo };
  });

  register("post", "/api/activation-mail.php", mailRateLimit, async ({ site, member }) => {
    await lifecycle.sendActivationMail(mailDeps(site), member);
    return { ok: true };
  });

  register("post", "/api/password-reset.php", mailRateLimit, async ({ req, site, body: { email } }) => {
    await countResetLookup(db, { siteId: site.id, email, address: req.ip ?? "", perHour: env.MAILS_PER_HOUR });
    await lifecycle.requestPasswordReset(mailDeps(site), email);
    return { ok: true };
  });

  register("put", "/api/password-reset.php", async ({ req, site, log, body: { token, password } }) => {
    await lifecycle.resetPassword(db, site, token, password);
    log.info({ security: "password_reset", address: req.ip }, "password reset by mailed link");
    return { ok: true };
  });

  register(
    "put",
    "/api/password.php",
    limits.password,
    async ({ req, site, member, log, body: { old_password, new_password } }) => {
      await lifecycle.changePassword(attempt(req, log), site, member, old_password, new_password);
      log.info({ security: "password_changed", userId: member.id, address: req.ip }, "password changed");
      return { ok: true };
    },
  );

  register(
    "post",
    "/api/mail-change.php",
    limits.password,
    mailRateLimit,
    async ({ req, site, member, log, body: { email, password } }) => {
      await lifecycle.requestMailChange(mailDeps(site), attempt(req, log), member, email, password);
      return { ok: true };
    },
  );

  register("put", "/api/mail-change.php", async ({ site, body: { token } }) => ({
    ok: true,
    email: await lifecycle.confirmMailChange(db, site, token),
  }));

  register("post", "/api/retention-offer.php", async ({ site, member, body: { offer } }) => ({
    discountcode: await acceptRetentionOffer(db, site, member, offer),
  }));

  register(
    "delete",
    "/api/user.php",
    limits.password,
    mailRateLimit,
    async ({ req, res, site, member, log, sessionCookie, body: { password } }) => {
      await lifecycle.requestDeletion(mailDeps(site), attempt(req, log), member, password);
      clearSessionCookie(req, res, sessionCookie);
      log.info({ userId: member.id }, "account pending deletion");
      return { ok: true };
    },
  );

  register("post", "/api/reactivate.php", async ({ site, body: { token } }) => {
    await lifecycle.reactivateByLink(db, site, token);
    return { ok: true };
  });

  register("get", "/api/account-export.php", ({ site, member }) => lifecycle.exportAccount(db, site, member));

  return routes;
}
