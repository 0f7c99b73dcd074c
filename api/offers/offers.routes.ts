import { cachedFeed, embeddedFeed, remoteFeed } from "../adapters/offers/partner-feed";
import { ApiError } from "../errors";
import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";

/**
 * offers.php: the side offer of partners' camera and resell profiles (docs/product.md §2.26), on a site that sets
 * member_resell; from OFFERS_FEED_URL, else the embedded demo feed.
 */
export function offersRoutes({ env, logger, offersFeed }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const feed = offersFeed ?? (env.OFFERS_FEED_URL ? remoteFeed(env.OFFERS_FEED_URL, logger) : embeddedFeed());
  const offers = cachedFeed(feed, env.OFFERS_CACHE_SECONDS, logger);

  routes.register("get", "/api/offers.php", async ({ site }) => {
    if (site.member_resell !== 1) throw new ApiError(404, "not_found", "This site has no side offer");
    const list = await offers();
    return { available: list !== null, offers: list ?? [] };
  });

  return routes;
}
