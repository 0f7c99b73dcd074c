import { Router } from "express";
import {
  invisibleRequestSchema, profileIdSchema, searchQuerySchema, swipeRequestSchema,
} from "../../contract/members";
import type { Db } from "../db/database";
import { locals, requireMember } from "../http/locals";
import { parseWith } from "../http/validate";
import { isCrossSite, refuseCrossSite } from "../http/cross-site";
import { like, likesOf, nextAutoLike, unlike } from "../likes/likes.service";
import { nextSwipe, swipe } from "../swipe/swipe.service";
import { profileView, search, setBlock, setInvisible } from "./members.service";

/** members.php, profile.php, likes.php, like.php, auto-like.php, block.php, swipe.php, invisible.php. */
export function membersRoutes(db: Db): Router {
  const router = Router();

  router.get("/members.php", async (req, res) => {
    const { site, member } = locals(res);
    res.json(await search(db, site, member, parseWith(searchQuerySchema, req.query)));
  });

  router.get("/profile.php", async (req, res) => {
    const { id } = parseWith(profileIdSchema, req.query);
    const { site, member } = locals(res);
    // Opening a profile clears that member's new-like flag, but not when another site sent the browser here.
    res.json({ profile: await profileView(db, site, member, id, { markSeen: !isCrossSite(req) }) });
  });

  router.get("/likes.php", async (_req, res) => {
    const member = requireMember(res);
    res.json(await likesOf(db, locals(res).site, member));
  });

  router.post("/like.php", async (req, res) => {
    const member = requireMember(res);
    const { id } = parseWith(profileIdSchema, req.body);
    res.json(await like(db, locals(res).site, member, id));
  });

  router.delete("/like.php", async (req, res) => {
    const member = requireMember(res);
    const { id } = parseWith(profileIdSchema, req.body);
    res.json(await unlike(db, member, id));
  });

  // It marks the like it answers as shown: never for a request another site sent.
  router.get("/auto-like.php", async (req, res) => {
    refuseCrossSite(req);
    const member = requireMember(res);
    res.json({ profile: await nextAutoLike(db, locals(res).site, member) });
  });

  router.post("/block.php", async (req, res) => {
    const member = requireMember(res);
    const { id } = parseWith(profileIdSchema, req.body);
    res.json(await setBlock(db, locals(res).site, member, id, true));
  });

  router.delete("/block.php", async (req, res) => {
    const member = requireMember(res);
    const { id } = parseWith(profileIdSchema, req.body);
    res.json(await setBlock(db, locals(res).site, member, id, false));
  });

  router.get("/swipe.php", async (_req, res) => {
    const member = requireMember(res);
    res.json(await nextSwipe(db, locals(res).site, member));
  });

  router.post("/swipe.php", async (req, res) => {
    const member = requireMember(res);
    const { id, action } = parseWith(swipeRequestSchema, req.body);
    res.json(await swipe(db, locals(res).site, member, id, action));
  });

  router.put("/invisible.php", async (req, res) => {
    const member = requireMember(res);
    const { invisible } = parseWith(invisibleRequestSchema, req.body);
    await setInvisible(db, member, invisible);
    res.json({ ok: true });
  });

  return router;
}
