import { Router } from "express";
import {
  accountDeleteSchema, emailRequestSchema, mailChangeSchema, passwordChangeSchema, passwordResetSchema,
  retentionOfferSchema, tokenRequestSchema,
} from "../../contract/signup";
import type { Mailer } from "../adapters/mail";
import type { Db } from "../db/database";
import { acceptRetentionOffer } from "../discounts/discounts.service";
import { clearSessionCookie, setSessionCookie } from "../http/cookies";
import { locals, requireMember } from "../http/locals";
import { siteOrigin } from "../http/site-origin";
import { parseWith } from "../http/validate";
import { perAddressLimit } from "../http/rate-limit";
import { userView } from "./accounts.service";
import * as lifecycle from "./lifecycle.service";

/** Activation, password reset and change, e-mail change, deletion, reactivation and data export. */
export function lifecycleRoutes(db: Db, mailer: Mailer, mailsPerHour: number): Router {
  const router = Router();
  // Everything that sends mail is limited per visitor address; per e-mail address the services count.
  const mailRateLimit = perAddressLimit(3600_000, mailsPerHour, "Too many emails requested, please try again later");
  const mailDeps = async (req: Parameters<typeof siteOrigin>[1], site: lifecycle.MailDeps["site"]) => ({
    db, mailer, site, origin: await siteOrigin(db, req, site),
  });

  router.post("/activate.php", async (req, res) => {
    const { token } = parseWith(tokenRequestSchema, req.body);
    await lifecycle.activate(db, locals(res).site, token);
    res.json({ ok: true });
  });

  router.post("/activation-mail.php", mailRateLimit, async (req, res) => {
    const member = requireMember(res);
    await lifecycle.sendActivationMail(await mailDeps(req, locals(res).site), member);
    res.json({ ok: true });
  });

  router.post("/password-reset.php", mailRateLimit, async (req, res) => {
    const { email } = parseWith(emailRequestSchema, req.body);
    await lifecycle.requestPasswordReset(await mailDeps(req, locals(res).site), email);
    res.json({ ok: true });
  });

  router.put("/password-reset.php", async (req, res) => {
    const { token, password } = parseWith(passwordResetSchema, req.body);
    await lifecycle.resetPassword(db, locals(res).site, token, password);
    res.json({ ok: true });
  });

  router.put("/password.php", async (req, res) => {
    const member = requireMember(res);
    const { old_password, new_password } = parseWith(passwordChangeSchema, req.body);
    await lifecycle.changePassword(db, member, old_password, new_password);
    res.json({ ok: true });
  });

  router.post("/mail-change.php", mailRateLimit, async (req, res) => {
    const member = requireMember(res);
    const { email, password } = parseWith(mailChangeSchema, req.body);
    await lifecycle.requestMailChange(await mailDeps(req, locals(res).site), member, email, password);
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

  router.delete("/user.php", mailRateLimit, async (req, res) => {
    const member = requireMember(res);
    const { password } = parseWith(accountDeleteSchema, req.body);
    await lifecycle.requestDeletion(await mailDeps(req, locals(res).site), member, password);
    clearSessionCookie(req, res);
    locals(res).log.info({ userId: member.id }, "account pending deletion");
    res.json({ ok: true });
  });

  router.post("/reactivate.php", async (req, res) => {
    const { token } = parseWith(tokenRequestSchema, req.body);
    const { site } = locals(res);
    const { user, token: session } = await lifecycle.reactivateByLink(db, site, token);
    setSessionCookie(req, res, session);
    res.json({ user: await userView(db, site, user) });
  });

  router.get("/account-export.php", async (_req, res) => {
    const member = requireMember(res);
    res.json(await lifecycle.exportAccount(db, locals(res).site, member));
  });

  return router;
}
