import { callApi } from "~/services/api.server";
import { getSettings } from "~/services/settings.server";
import { sitemapPaths, sitemapXml } from "~/services/sitemap";
import { sitemapResponseSchema } from "../../contract/seo";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml of the site the request is for (docs/product.md §2.21), with every language it offers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const [settings, { members }] = await Promise.all([
    getSettings(call),
    callApi(call, "/sitemap.php", { schema: sitemapResponseSchema }),
  ]);
  const xml = sitemapXml(new URL(request.url).origin, sitemapPaths(settings, members), settings.languages);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
