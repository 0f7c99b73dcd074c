import type { SiteRow } from "../db/schema";

/**
 * The origin that links in mails point to: the site's configured canonical origin, else https://{domain}. Never
 * the request's Host or X-Forwarded-Host, which a client controls.
 */
export function siteOrigin(site: Pick<SiteRow, "origin" | "domain">): string {
  return (site.origin ?? `https://${site.domain}`).replace(/\/$/, "");
}
