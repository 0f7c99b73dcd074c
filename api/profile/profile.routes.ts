import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { updateProfile } from "./profile.service";

/** PUT profile.php: the member's own profile. */
export function profileRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("put", "/api/profile.php", ({ site, member, body }) => updateProfile(db, site, member, body));
  return routes;
}
