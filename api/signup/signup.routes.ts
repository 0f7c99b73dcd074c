import { Router } from "express";
import { signupRequestSchema } from "../../contract/signup";
import { userView } from "../accounts/accounts.service";
import { soughtGenders, toCard } from "../members/members.service";
import { createSession, sendActivationMail } from "../accounts/lifecycle.service";
import * as accountsRepo from "../accounts/accounts.repository";
import type { Mailer } from "../adapters/mail";
import type { Db } from "../db/database";
import { setSessionCookie } from "../http/cookies";
import { hashSessionToken } from "../accounts/session-token";
import { locals, requireMember } from "../http/locals";
import { siteOrigin } from "../http/site-origin";
import { parseWith } from "../http/validate";
import { perAddressLimit } from "../http/rate-limit";
import { signupMatches } from "../members/members.repository";
import { signUp } from "./signup.service";
import { HOUR } from "../../contract/durations";

/** POST signup.php (SPEC §2 signup) and GET signup-matches.php (suggestions right after). */
export function signupRoutes(db: Db, mailer: Mailer, signupsPerHour: number): Router {
  const router = Router();
  // Signing up sends mail, so it is limited per visitor address.
  const signupRateLimit = perAddressLimit(HOUR, signupsPerHour, "Too many signups from this address, please try again later");

  router.post("/signup.php", signupRateLimit, async (req, res) => {
    const request = parseWith(signupRequestSchema, req.body);
    const { site, log, sessionToken, sessionCookie } = locals(res);
    const userId = await signUp(db, site, request);
    const user = (await accountsRepo.findUserById(db, userId))!;
    // As at login: the session the browser presented ends, the new member gets a new one.
    if (sessionToken) await accountsRepo.deleteSessionByHash(db, hashSessionToken(sessionToken));
    setSessionCookie(req, res, sessionCookie, await createSession(db, userId));
    log.info({ userId }, "member signed up");
    // The account stands even if the mail cannot go now: the reminder offers to send it again.
    await sendActivationMail({ db, mailer, site, origin: siteOrigin(site) }, user)
      .catch((error) => log.error({ err: error, userId }, "activation mail not sent"));
    res.status(201).json({ user: await userView(db, site, user) });
  });

  router.get("/signup-matches.php", async (_req, res) => {
    const member = requireMember(res);
    const { site } = locals(res);
    const profile = await accountsRepo.findProfile(db, member.id);
    const rows = await signupMatches(db, site.id, member.id, soughtGenders(profile), profile.country, 12);
    res.json({ profiles: rows.map((row) => toCard(site, row)) });
  });

  return router;
}
