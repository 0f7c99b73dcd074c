import { visitorCountry } from "../../contract/visitor-country";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import * as settings from "./settings.service";

/** GET settings.php, interests.php, regions.php and companyinfo.php (docs/product.md §7). */
export function settingsRoutes({ db, env }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;

  register("get", "/api/settings.php", ({ req, site }) =>
    settings.settingsFor(site, visitorCountry(req.get("cf-ipcountry"), env.trustCfHeaders)),
  );

  register("get", "/api/interests.php", async () => ({ interests: await settings.interests(db) }));

  register("get", "/api/regions.php", async ({ site, query }) => ({
    regions: await settings.regions(db, site, query.country),
  }));

  register("get", "/api/companyinfo.php", async ({ site }) => ({
    companyinfo: await settings.companyInfoFor(db, site),
  }));

  return routes;
}
