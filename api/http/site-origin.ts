import type { Request } from "express";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import { siteForDomain } from "../settings/settings.service";

/**
 * The origin that links in mails point to: the host the member used, but only when that host belongs to the
 * site — a forged Host header must never turn a reset link into a link elsewhere.
 */
export async function siteOrigin(db: Db, req: Request, site: SiteRow): Promise<string> {
  const host = (req.get("x-forwarded-host") ?? req.get("host") ?? "").split(",")[0]!.trim().toLowerCase();
  const owner = host ? await siteForDomain(db, host).catch(() => null) : null;
  if (owner?.id === site.id) return `${req.protocol}://${host}`;
  return `https://${site.domain}`;
}
