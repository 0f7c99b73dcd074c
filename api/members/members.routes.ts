import { isCrossSite, refuseCrossSiteRequest } from "../http/cross-site";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { like, likesOf, nextAutoLike, unlike } from "../likes/likes.service";
import type { RouteDeps } from "../route-deps";
import { nextSwipe, swipe } from "../swipe/swipe.service";
import { landerProfiles, landingProfile, profileView, search, setBlock, setInvisible } from "./members.service";

/** members.php, profile.php, landing.php, lander-profiles.php, likes.php, like.php, auto-like.php, block.php, swipe.php, invisible.php. */
export function membersRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;

  register("get", "/api/members.php", ({ site, member, query }) => search(db, site, member, query));

  // Opening a profile clears that member's new-like flag, but not when another site sent the browser here.
  register("get", "/api/profile.php", async ({ req, site, member, query: { id } }) => ({
    profile: await profileView(db, site, member, id, { markSeen: !isCrossSite(req) }),
  }));

  register("get", "/api/landing.php", async ({ site, member, query: { id } }) => ({
    profile: await landingProfile(db, site, member, id),
  }));

  register("get", "/api/lander-profiles.php", async ({ site, member, query: { ids } }) => ({
    profiles: await landerProfiles(db, site, member, ids?.split(",").map(Number)),
  }));

  register("get", "/api/likes.php", ({ site, member, query }) => likesOf(db, site, member, query));

  register("post", "/api/like.php", ({ site, member, body: { id } }) => like(db, site, member, id));

  register("delete", "/api/like.php", ({ member, body: { id } }) => unlike(db, member, id));

  // It marks the like it answers as shown: never for a request another site sent.
  register("get", "/api/auto-like.php", refuseCrossSiteRequest, async ({ site, member }) => ({
    profile: await nextAutoLike(db, site, member),
  }));

  register("post", "/api/block.php", ({ site, member, body: { id } }) => setBlock(db, site, member, id, true));

  register("delete", "/api/block.php", ({ site, member, body: { id } }) => setBlock(db, site, member, id, false));

  register("get", "/api/swipe.php", ({ site, member }) => nextSwipe(db, site, member));

  register("post", "/api/swipe.php", ({ site, member, body: { id, action } }) => swipe(db, site, member, id, action));

  register("put", "/api/invisible.php", async ({ member, body: { invisible } }) => {
    await setInvisible(db, member, invisible);
    return { ok: true };
  });

  return routes;
}
