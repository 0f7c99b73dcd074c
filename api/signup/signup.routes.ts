import { HOUR } from "../../contract/durations";
import { userView } from "../accounts/accounts.service";
import { sendActivationMail } from "../accounts/lifecycle.service";
import { setSessionCookie } from "../http/cookies";
import { perAddressLimit } from "../http/rate-limit";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { siteOrigin } from "../http/site-origin";
import type { RouteDeps } from "../route-deps";
import { checkInvite, matchesAfterSignup, signUp } from "./signup.service";

/** POST signup.php (docs/product.md §2 signup), GET invite.php (an invite-only site's code) and GET signup-matches.php. */
export function signupRoutes({ db, env, mailer, limits }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  // Signing up sends mail, so it is limited per visitor address.
  const signupRateLimit = perAddressLimit(
    HOUR,
    env.SIGNUPS_PER_HOUR,
    "Too many signups from this address, please try again later",
    limits.storeFor("signup"),
  );

  register(
    "post",
    "/api/signup.php",
    signupRateLimit,
    async ({ req, res, body, site, log, sessionToken, sessionCookie }) => {
      const visitor = { address: req.ip ?? "", perHour: env.SIGNUPS_PER_HOUR };
      const { user, token } = await signUp(db, site, body, visitor, sessionToken);
      setSessionCookie(req, res, sessionCookie, token);
      log.info({ userId: user.id }, "member signed up");
      // The account stands even if the mail cannot go now: the reminder offers to send it again.
      await sendActivationMail({ db, mailer, site, origin: siteOrigin(site) }, user).catch((error) =>
        log.error({ err: error, userId: user.id }, "activation mail not sent"),
      );
      res.status(201);
      return { user: await userView(db, site, user) };
    },
  );

  // Each check is a guess at a code: limited per visitor address as signups are, with a count of its own.
  const inviteRateLimit = perAddressLimit(
    HOUR,
    env.SIGNUPS_PER_HOUR,
    "Too many invite codes tried from this address, please try again later",
    limits.storeFor("invite"),
  );
  register("get", "/api/invite.php", inviteRateLimit, ({ site, query }) => checkInvite(db, site, query.code));

  register("get", "/api/signup-matches.php", async ({ site, member }) => ({
    profiles: await matchesAfterSignup(db, site, member),
  }));

  return routes;
}
