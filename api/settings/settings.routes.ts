import { Router } from "express";
import { regionsQuerySchema, settingsQuerySchema } from "../../contract/settings";
import type { Db } from "../db/database";
import type { ApiEnv } from "../env.server";
import { visitorCountry } from "../../contract/visitor-country";
import { locals } from "../http/locals";
import { parseWith } from "../http/validate";
import * as settings from "./settings.service";

/** GET settings.php, interests.php, regions.php and companyinfo.php (SPEC §7). */
export function settingsRoutes(db: Db, env: Pick<ApiEnv, "trustCfHeaders">): Router {
  const router = Router();

  router.get("/settings.php", (req, res) => {
    parseWith(settingsQuerySchema, { domain: locals(res).site.domain, ...req.query });
    res.json(settings.settingsFor(locals(res).site, visitorCountry(req.get("cf-ipcountry"), env.trustCfHeaders)));
  });

  router.get("/interests.php", async (_req, res) => {
    res.json({ interests: await settings.interests(db) });
  });

  router.get("/regions.php", async (req, res) => {
    const query = parseWith(regionsQuerySchema, req.query);
    res.json({ regions: await settings.regions(db, locals(res).site, query.country) });
  });

  router.get("/companyinfo.php", async (_req, res) => {
    res.json({ companyinfo: await settings.companyInfoFor(db, locals(res).site) });
  });

  return router;
}
