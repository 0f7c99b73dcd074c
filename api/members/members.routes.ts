import { Router } from "express";
import { profileQuerySchema } from "../../contract/members";
import type { Db } from "../db/database";
import { locals } from "../http/locals";
import { parseWith } from "../http/validate";
import { profileTeaser } from "./members.service";

/** Public member data: GET profile.php (a profile's teaser). */
export function membersRoutes(db: Db): Router {
  const router = Router();
  router.get("/profile.php", async (req, res) => {
    const { id } = parseWith(profileQuerySchema, req.query);
    const { site, member } = locals(res);
    res.json({ profile: await profileTeaser(db, site, member?.id ?? null, id) });
  });
  return router;
}
