import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { sitemapMembers } from "./seo.service";

/** sitemap.php: what the web tier's /sitemap.xml lists besides the public pages (docs/product.md §2.21). */
export function seoRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  routes.register("get", "/api/sitemap.php", async ({ site }) => ({ members: await sitemapMembers(db, site) }));
  return routes;
}
