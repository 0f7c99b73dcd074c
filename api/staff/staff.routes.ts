import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { enrolTotp, giveSecondFactor, secondFactorStatus } from "./second-factor.service";
import { secretBoxFor } from "./secret-box";
import { stepUp } from "./step-up.service";

/** The staff's second factor (issue 33); the role is checked by the contract's `staff` (api/http/staff-guard.ts). */
export function staffRoutes({ db, env, limits, logger }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  const box = secretBoxFor(env);
  if (!box.canSeal)
    logger.warn("STAFF_SECRET_KEY is not set: staff cannot set up their second factor (docs/operations.md)");

  register("get", "/api/staff/second-factor.php", ({ site, member }) => secondFactorStatus(db, box, site, member));

  register("post", "/api/staff/totp-enrolment.php", async ({ member, body, log }) => {
    const answer = await enrolTotp(db, box, member, body.code);
    log.info({ staffId: member.id }, "second factor set up");
    return answer;
  });

  register("post", "/api/staff/second-factor.php", async ({ member, body, log }) => {
    try {
      return await giveSecondFactor(db, box, member, body.code);
    } catch (error) {
      log.warn({ staffId: member.id }, "second factor refused");
      throw error;
    }
  });

  // Rate-limited per address as the login is; wrong answers count toward the account's lockout (login-guard.ts).
  const policy = { maxFailures: env.LOGIN_MAX_FAILURES, blockMinutes: env.LOGIN_BLOCK_MINUTES };
  register("post", "/api/staff/step-up.php", limits.password, async ({ req, member, body, log }) => {
    try {
      return await stepUp({ db, address: req.ip ?? "", policy, log }, box, member, body);
    } catch (error) {
      log.warn({ security: "step_up_refused", staffId: member.id, address: req.ip }, "step-up refused");
      throw error;
    }
  });

  return routes;
}
