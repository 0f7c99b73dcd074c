import { getI18n, localeOf } from "~/services/i18n.server";
import { getSettings } from "~/services/settings.server";
import type { Route } from "./+types/offline";

/**
 * /offline: what the service worker (public/sw.js) shows for a page when the network is gone, kept in its cache in
 * the member's language. One small document with its own stylesheet (public/offline.css, cached beside it) and no
 * script: nothing it needs may depend on the network.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getSettings({ request, context });
  const { t } = getI18n(context);
  const text = (key: string) => escapeHtml(t(key, { site: settings.name }));
  const html = `<!doctype html>
<html lang="${localeOf(context)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#6f42c1"><title>${text("offline.title")}</title>
<link rel="stylesheet" href="/offline.css">
</head><body><main><h1>${text("offline.title")}</h1><p>${text("offline.body")}</p><a href="">${text("offline.retry")}</a></main></body></html>`;
  return new Response(html, {
    // The service worker keeps it, and fetches it again when the member's language is another.
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": localeOf(context),
      "Cache-Control": "no-store",
    },
  });
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
