import type { OverviewPeriod } from "../../contract/admin-overview";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { adminActivity } from "./activity.service";
import { adminOverview } from "./admin.service";

/** The admin area's API (issue 33): admins whose session gave the second factor (api/http/staff-guard.ts). */
export function adminRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("get", "/api/admin/overview.php", ({ site }) => adminOverview(db, site));
  routes.register("get", "/api/admin/activity.php", ({ site, query }) =>
    adminActivity(db, site, query.days as OverviewPeriod),
  );
  return routes;
}
