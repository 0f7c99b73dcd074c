import { type ContractRoutes, contractRoutes } from "../http/register";
import type { RouteDeps } from "../route-deps";
import { cachedGeocoder, geocode } from "./geocode.service";
import { externalGeocoder, offlineGeocoder } from "./geocoder";

/** geocode.php: for members filling in their place (docs/product.md §2.20); the external geocoder when configured. */
export function geocodeRoutes({ db, env }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const places = cachedGeocoder(env.GEOCODER_URL ? externalGeocoder(env.GEOCODER_URL) : offlineGeocoder());
  routes.register("get", "/api/geocode.php", ({ site, query }) => geocode(db, places, site, query.lat, query.lon));
  return routes;
}
