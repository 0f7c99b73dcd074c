import { appIconSizes } from "~/services/app-icons.server";
import { localeOf } from "~/services/i18n.server";
import { getSettings } from "~/services/settings.server";
import type { Route } from "./+types/app-manifest";

/**
 * /manifest.webmanifest: what makes the site installable as an app (docs/product.md §9 theme colours), named after
 * the site the request is for and in the visitor's language (so kept by this browser only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getSettings({ request, context });
  const manifest = {
    id: "/",
    name: settings.name,
    short_name: settings.name.slice(0, 12),
    description: settings.description,
    lang: localeOf(context),
    start_url: "/members?source=app",
    scope: "/",
    display: "standalone",
    theme_color: "#6f42c1",
    background_color: "#ffffff",
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      ...appIconSizes.map((size) => ({ src: `/app-icons/${size}`, sizes: `${size}x${size}`, type: "image/png" })),
      { src: "/app-icons/maskable", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "private, max-age=3600" },
  });
}
