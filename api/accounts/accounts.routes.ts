import { Router, type Request, type RequestHandler, type Response } from "express";
import { languageUpdateSchema, loginRequestSchema } from "../../contract/user";
import type { Db } from "../db/database";
import type { ApiEnv } from "../env.server";
import { ApiError } from "../errors";
import { clearSessionCookie, setSessionCookie } from "../http/cookies";
import { locals, requireMember } from "../http/locals";
import { parseWith } from "../http/validate";
import { refuseCrossSite } from "../http/cross-site";
import * as accounts from "./accounts.service";

/** user.php (GET current member, POST login, PUT language), logout.php and page-hidden.php (SPEC §7). */
export function accountsRoutes(db: Db, env: ApiEnv, passwordLimit: RequestHandler): Router {
  const router = Router();
  const policy = { maxFailures: env.LOGIN_MAX_FAILURES, blockMinutes: env.LOGIN_BLOCK_MINUTES };


  router.get("/user.php", async (_req, res) => {
    const member = requireMember(res);
    res.json({ user: await accounts.userView(db, locals(res).site, member) });
  });

  router.post("/user.php", passwordLimit, async (req, res) => {
    const { email, password } = parseWith(loginRequestSchema, req.body);
    const { site, log, sessionToken, sessionCookie } = locals(res);
    const address = req.ip ?? "";
    try {
      const { user, token, reactivated } = await accounts.logIn({ db, address, policy, log }, site, email, password, sessionToken);
      setSessionCookie(req, res, sessionCookie, token);
      log.info({ userId: user.id, address, reactivated }, "member logged in");
      res.json({ user: await accounts.userView(db, site, user), reactivated });
    } catch (error) {
      // Never the password; the account's id when the address has one, so refusals can be traced.
      if (error instanceof ApiError) {
        const account = await accounts.accountIdForEmail(db, site, email);
        log.info({ security: "login_refused", code: error.code, address, userId: account }, "login refused");
      }
      throw error;
    }
  });

  router.put("/user.php", async (req, res) => {
    const member = requireMember(res);
    const { language } = parseWith(languageUpdateSchema, req.body);
    await accounts.setLanguage(db, member, language);
    res.json({ user: await accounts.userView(db, locals(res).site, { ...member, language }) });
  });

  // SPEC §7 names GET; a browser sent here by another site is refused, and POST does the same.
  const logOut = async (req: Request, res: Response) => {
    refuseCrossSite(req);
    const { member, sessionCookie } = locals(res);
    if (member) await accounts.logOut(db, member);
    clearSessionCookie(req, res, sessionCookie);
    res.json({ ok: true });
  };
  router.get("/logout.php", logOut);
  router.post("/logout.php", logOut);

  router.post("/page-hidden.php", async (_req, res) => {
    const { member } = locals(res);
    if (member) await accounts.markPageHidden(db, member);
    res.json({ ok: true });
  });

  return router;
}
