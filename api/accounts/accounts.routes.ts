import { recordLogin } from "../admin-members/member-history";
import { ApiError } from "../errors";
import { clearSessionCookie, setSessionCookie } from "../http/cookies";
import { refuseCrossSiteRequest } from "../http/cross-site";
import { type ContractRoutes, contractRoutes, type HandlerContext } from "../http/register";
import type { RouteDeps } from "../route-deps";
import * as accounts from "./accounts.service";

/** user.php (GET current member, POST login, PUT language), logout.php and page-hidden.php (docs/product.md §7). */
export function accountsRoutes({ db, env, limits }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const policy = { maxFailures: env.LOGIN_MAX_FAILURES, blockMinutes: env.LOGIN_BLOCK_MINUTES };

  register("get", "/api/user.php", async ({ site, member }) => ({ user: await accounts.userView(db, site, member) }));

  register(
    "post",
    "/api/user.php",
    limits.password,
    async ({ req, res, body: { email, password }, site, log, sessionToken, sessionCookie }) => {
      const address = req.ip ?? "";
      try {
        const { user, token, reactivated } = await accounts.logIn(
          { db, address, policy, log },
          site,
          email,
          password,
          sessionToken,
        );
        setSessionCookie(req, res, sessionCookie, token);
        // The admin's member page lists logins (issue 33).
        await recordLogin(db, user.id, address, req.get("user-agent"));
        log.info({ userId: user.id, address, reactivated }, "member logged in");
        return { user: await accounts.userView(db, site, user), reactivated };
      } catch (error) {
        // Never the password; the account's id when the address has one, so refusals can be traced.
        if (error instanceof ApiError) {
          const account = await accounts.accountIdForEmail(db, site, email);
          log.info({ security: "login_refused", code: error.code, address, userId: account }, "login refused");
        }
        throw error;
      }
    },
  );

  register("put", "/api/user.php", async ({ site, member, body: { language } }) => {
    await accounts.setLanguage(db, member, language);
    return { user: await accounts.userView(db, site, { ...member, language }) };
  });

  // docs/product.md §7 names GET; a browser sent here by another site is refused, and POST does the same.
  const logOut = async ({ req, res, member, sessionCookie }: HandlerContext) => {
    if (member) await accounts.logOut(db, member);
    clearSessionCookie(req, res, sessionCookie);
    return { ok: true as const };
  };
  register("get", "/api/logout.php", refuseCrossSiteRequest, logOut);
  register("post", "/api/logout.php", refuseCrossSiteRequest, logOut);

  register("post", "/api/page-hidden.php", async ({ member }) => {
    if (member) await accounts.markPageHidden(db, member);
    return { ok: true };
  });

  return routes;
}
