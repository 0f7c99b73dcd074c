import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Router } from "express";

/**
 * The page's own policy instead of the API's `default-src 'none'`: scripts only from here, the document from here.
 * Redoc's components (styled-components, React style attributes) write their styles at run time, hence the inline
 * styles.
 */
const pagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const page = (base: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Heartline member API</title>
</head>
<body>
<div id="api-reference"></div>
<script type="module" src="${base}/docs/reference.js"></script>
</body>
</html>
`;

// Telemetry off: Redoc would report page views to its maker.
const reference = `import { init } from "./redoc.standalone.js";
init(new URL("../openapi.json", import.meta.url).href, { disableTelemetry: true }, document.getElementById("api-reference"));
`;

/**
 * Redoc's "API docs by Redocly" attribution loads its logo from Redocly's CDN, which the page's policy refuses (and
 * the browser then logs an error): the bundle is served with the word instead, as an inline SVG.
 */
const logoUrls = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const logo =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='60' height='16'%3E%3Ctext x='0' y='12' " +
  "font-family='sans-serif' font-size='12'%3ERedocly%3C/text%3E%3C/svg%3E";
const withoutRemoteLogo = (source: string) => source.replace(logoUrls, logo);

/**
 * /api/docs: the member API's reference, rendered by Redoc in the browser from GET /api/openapi.json. Only with
 * API_DOCS=true (on under `npm run dev`): a convenience for developers, not part of the member API.
 */
export function apiDocsRoutes(): Router {
  // Redoc's browser bundle ships inside @redocly/cli, the document's linter: served from here, as the page's policy
  // allows no other origin.
  const redocBundle = createRequire(import.meta.url).resolve("@redocly/cli/lib/chunks/redoc.standalone.js");
  const router = Router();
  router.get("/docs", (req, res) => {
    res.set("Content-Security-Policy", pagePolicy).type("html").send(page(req.baseUrl));
  });
  router.get("/docs/reference.js", (_req, res) => void res.type("text/javascript").send(reference));
  let bundle: Promise<string> | undefined;
  router.get("/docs/redoc.standalone.js", async (_req, res) => {
    bundle ??= readFile(redocBundle, "utf8").then(withoutRemoteLogo);
    res
      .type("text/javascript")
      .set("Cache-Control", "public, max-age=3600")
      .send(await bundle);
  });
  return router;
}
