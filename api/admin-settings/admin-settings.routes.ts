import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { addBundle, editBundle, listAdminBundles, retireBundle } from "./bundles.service";
import { codeUses, createCode, disableCodeById, listCodes } from "./discount-codes.service";
import { adminSettings, type SaveContext, saveSettings } from "./settings-form.service";

/** The admin area's settings, credit bundles and discount codes (issue 33): admins only (api/http/staff-guard.ts). */
export function adminSettingsRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const as = (c: { site: SaveContext["site"]; member: { id: number }; req: { ip?: string } }): SaveContext => ({
    db,
    site: c.site,
    staffId: c.member.id,
    address: c.req.ip ?? null,
  });

  routes.register("get", "/api/admin/settings.php", ({ site }) => adminSettings(db, site));
  routes.register("put", "/api/admin/settings.php", (c) => saveSettings(as(c), c.body.group, c.body.values));

  routes.register("get", "/api/admin/bundles.php", async ({ site }) => ({
    bundles: await listAdminBundles(db, site.id),
  }));
  routes.register("post", "/api/admin/bundles.php", async (c) => ({ bundle: await addBundle(as(c), c.body) }));
  routes.register("put", "/api/admin/bundles.php", async (c) => ({ bundle: await editBundle(as(c), c.body) }));
  routes.register("post", "/api/admin/bundle-retirement.php", async (c) => ({
    bundle: await retireBundle(as(c), c.body),
  }));

  routes.register("get", "/api/admin/discount-codes.php", async ({ site }) => ({
    codes: await listCodes(db, site.id),
  }));
  routes.register("post", "/api/admin/discount-codes.php", async (c) => ({ code: await createCode(as(c), c.body) }));
  routes.register("get", "/api/admin/discount-code.php", ({ site, query }) => codeUses(db, site.id, query.id));
  routes.register("post", "/api/admin/discount-code-disable.php", async (c) => ({
    code: await disableCodeById(as(c), c.body.id),
  }));
  return routes;
}
