import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { lander, landerMap } from "./niche-landers.service";

/** lander.php and lander-map.php: the niche landers' real members and map (docs/product.md §2.25). */
export function nicheLandersRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("get", "/api/lander.php", ({ site, member, query }) =>
    lander(db, site, member, query.niche, query.active === "1"),
  );
  routes.register("get", "/api/lander-map.php", ({ site, member, query }) =>
    landerMap(db, site, member, query.niche, query.country),
  );
  return routes;
}
