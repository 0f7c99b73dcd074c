import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { enrolTotp, giveSecondFactor, secondFactorStatus } from "./second-factor.service";

/** The staff's second factor (issue 33); the role is checked by the contract's `staff` (api/http/staff-guard.ts). */
export function staffRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;

  register("get", "/api/staff/second-factor.php", ({ site, member }) => secondFactorStatus(db, site, member));

  register("post", "/api/staff/totp-enrolment.php", async ({ member, body, log }) => {
    const answer = await enrolTotp(db, member, body.code);
    log.info({ staffId: member.id }, "second factor set up");
    return answer;
  });

  register("post", "/api/staff/second-factor.php", async ({ member, body, log }) => {
    try {
      return await giveSecondFactor(db, member, body.code);
    } catch (error) {
      log.warn({ staffId: member.id }, "second factor refused");
      throw error;
    }
  });

  return routes;
}
