import { Router } from "express";
import { languageUpdateSchema, loginRequestSchema } from "../../contract/user";
import type { Db } from "../db/database";
import type { ApiEnv } from "../env.server";
import { ApiError } from "../errors";
import { clearSessionCookie, setSessionCookie } from "../http/cookies";
import { locals, requireMember } from "../http/locals";
import { parseWith } from "../http/validate";
import { perAddressLimit } from "../http/rate-limit";
import * as accounts from "./accounts.service";

/** user.php (GET current member, POST login, PUT language), logout.php and page-hidden.php (SPEC §7). */
export function accountsRoutes(db: Db, env: ApiEnv): Router {
  const router = Router();
  const policy = { maxFailures: env.LOGIN_MAX_FAILURES, blockMinutes: env.LOGIN_BLOCK_MINUTES };

  // Per-IP limit on login attempts, on top of the per-account block (guessing across many accounts).
  const loginRateLimit = perAddressLimit(15 * 60_000, env.LOGIN_RATE_PER_IP, "Too many login attempts, please try again later");

  router.get("/user.php", async (_req, res) => {
    const member = requireMember(res);
    res.json({ user: await accounts.userView(db, locals(res).site, member) });
  });

  router.post("/user.php", loginRateLimit, async (req, res) => {
    const { email, password } = parseWith(loginRequestSchema, req.body);
    const { site, log } = locals(res);
    try {
      const { user, token, reactivated } = await accounts.logIn(db, site, email, password, policy);
      setSessionCookie(req, res, token);
      log.info({ userId: user.id, reactivated }, "member logged in");
      res.json({ user: await accounts.userView(db, site, user), reactivated });
    } catch (error) {
      if (error instanceof ApiError) log.info({ code: error.code }, "login refused");
      throw error;
    }
  });

  router.put("/user.php", async (req, res) => {
    const member = requireMember(res);
    const { language } = parseWith(languageUpdateSchema, req.body);
    await accounts.setLanguage(db, member, language);
    res.json({ user: await accounts.userView(db, locals(res).site, { ...member, language }) });
  });

  router.get("/logout.php", async (req, res) => {
    const { member } = locals(res);
    if (member) await accounts.logOut(db, member);
    clearSessionCookie(req, res);
    res.json({ ok: true });
  });

  router.post("/page-hidden.php", async (_req, res) => {
    const { member } = locals(res);
    if (member) await accounts.markPageHidden(db, member);
    res.json({ ok: true });
  });

  return router;
}
