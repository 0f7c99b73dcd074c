import { HOUR } from "../../contract/durations";
import { looksLikeCrawler } from "../../contract/landers";
import { perAddressLimit } from "../http/rate-limit";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { landerReport, recordVisit } from "./landers.service";

/**
 * lander-visit.php, the counter of first visits to landers the web tier calls, and lander-report.php, the staff
 * report built on it (docs/product.md §3.11, §6.7).
 */
export function landersRoutes({ db, env, limits }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;
  // Anyone can add a visit, as anyone can open a lander with a fresh browser: what bounds both is a limit per
  // visitor address (the web tier forwards the visitor's), so one address cannot make a campaign look good.
  const visitLimit = perAddressLimit(
    HOUR,
    env.LANDER_VISITS_PER_HOUR,
    "Too many visits from this address",
    limits.storeFor("lander-visit"),
  );

  register("post", "/api/lander-visit.php", visitLimit, async ({ req, site, body }) => {
    // The web tier sends no user agent, having checked it; a client that sends one as a crawler is not counted.
    const agent = req.get("user-agent");
    if (agent === undefined || !looksLikeCrawler(agent)) await recordVisit(db, site, body);
    return { ok: true as const };
  });

  register("get", "/api/lander-report.php", ({ site, member, query }) => landerReport(db, site, member, query));

  return routes;
}
