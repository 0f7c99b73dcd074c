import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { auditCsv, auditPage } from "./audit.service";

/** The audit log (docs/product.md §6.9): admins only, checked by the contract's `staff: "admin"`. */
export function auditRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("get", "/api/admin/audit.php", ({ site, query }) => auditPage(db, site, query));
  routes.register("get", "/api/admin/audit-csv.php", async ({ res, site, query }) => {
    const csv = await auditCsv(db, site, query);
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.set("Content-Disposition", 'attachment; filename="audit-log.csv"');
    res.set("Cache-Control", "private, no-store");
    res.send(Buffer.from(csv, "utf8"));
  });
  return routes;
}
