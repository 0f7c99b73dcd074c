import { robotsTxt } from "~/services/sitemap";
import type { Route } from "./+types/robots";

/** /robots.txt of the site the request is for: what crawlers may read, and where its sitemap is. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
