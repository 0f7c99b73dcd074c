import { Router, type Request, type RequestHandler, type Response } from "express";
import { accountDeleteSchema, emailRequestSchema, mailChangeSchema, passwordChangeSchema, passwordResetSchema, retentionOfferSchema, tokenRequestSchema } from "../../contract/account";
import type { Mailer } from "../adapters/mail";
import type { Db } from "../db/database";
import { acceptRetentionOffer } from "../discounts/discounts.service";
import { clearSessionCookie } from "../http/cookies";
import { locals, requireMember } from "../http/locals";
import { siteOrigin } from "../http/site-origin";
import { parseWith } from "../http/validate";
import { perAddressLimit } from "../http/rate-limit";
import type { ApiEnv } from "../env.server";
import * as lifecycle from "./lifecycle.service";

/** Activation, password reset and change, e-mail change, deletion, reactivation and data export. */
export function lifecycleRoutes(db: Db, mailer: Mailer, env: ApiEnv, passwordLimit: RequestHandler): Router {
  const router = Router();
  // Everything that sends mail is limited per visitor address; per e-mail address the services count.
  const mailRateLimit = perAddressLimit(3600_000, env.MAILS_PER_HOUR, "Too many emails requested, please try again later");
  const policy = { maxFailures: env.LOGIN_MAX_FAILURES, blockMinutes: env.LOGIN_BLOCK_MINUTES };
  const mailDeps = (site: lifecycle.MailDeps["site"]) => ({ db, mailer, site, origin: siteOrigin(site) });
  const attempt = (req: Request, res: Response) => ({ db, address: req.ip ?? "", policy, log: locals(res).log });

  router.post("/activate.php", async (req, res) => {
    const { token } = parseWith(tokenRequestSchema, req.body);
    await lifecycle.activate(db, locals(res).site, token);
    res.json({ ok: true });
  });

  router.post("/activation-mail.php", mailRateLimit, async (req, res) => {
    const member = requireMember(res);
    await lifecycle.sendActivationMail(mailDeps(locals(res).site), member);
    res.json({ ok: true });
  });

  router.post("/password-reset.php", mailRateLimit, async (req, res) => {
    const { email } = parseWith(emailRequestSchema, req.body);
    await lifecycle.requestPasswordReset(mailDeps(locals(res).site), email);
    res.json({ ok: true });
  });

  router.put("/password-reset.php", async (req, res) => {
    const { token, password } = parseWith(passwordResetSchema, req.body);
    await lifecycle.resetPassword(db, locals(res).site, token, password);
    locals(res).log.info({ security: "password_reset", address: req.ip }, "password reset by mailed link");
    res.json({ ok: true });
  });

  router.put("/password.php", passwordLimit, async (req, res) => {
    const member = requireMember(res);
    const { old_password, new_password } = parseWith(passwordChangeSchema, req.body);
    await lifecycle.changePassword(attempt(req, res), locals(res).site, member, old_password, new_password);
    locals(res).log.info({ security: "password_changed", userId: member.id, address: req.ip }, "password changed");
    res.json({ ok: true });
  });

  router.post("/mail-change.php", passwordLimit, mailRateLimit, async (req, res) => {
    const member = requireMember(res);
    const { email, password } = parseWith(mailChangeSchema, req.body);
    await lifecycle.requestMailChange(mailDeps(locals(res).site), attempt(req, res), member, email, password);
    res.json({ ok: true });
  });

  router.put("/mail-change.php", async (req, res) => {
    const { token } = parseWith(tokenRequestSchema, req.body);
    const email = await lifecycle.confirmMailChange(db, locals(res).site, token);
    res.json({ ok: true, email });
  });

  router.post("/retention-offer.php", async (req, res) => {
    const member = requireMember(res);
    const { offer } = parseWith(retentionOfferSchema, req.body);
    res.json({ discountcode: await acceptRetentionOffer(db, locals(res).site, member, offer) });
  });

  router.delete("/user.php", passwordLimit, mailRateLimit, async (req, res) => {
    const member = requireMember(res);
    const { password } = parseWith(accountDeleteSchema, req.body);
    await lifecycle.requestDeletion(mailDeps(locals(res).site), attempt(req, res), member, password);
    clearSessionCookie(req, res, locals(res).sessionCookie);
    locals(res).log.info({ userId: member.id }, "account pending deletion");
    res.json({ ok: true });
  });

  router.post("/reactivate.php", async (req, res) => {
    const { token } = parseWith(tokenRequestSchema, req.body);
    await lifecycle.reactivateByLink(db, locals(res).site, token);
    res.json({ ok: true });
  });

  router.get("/account-export.php", async (_req, res) => {
    const member = requireMember(res);
    res.json(await lifecycle.exportAccount(db, locals(res).site, member));
  });

  return router;
}
