import type { NextFunction, Request, Response } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site. The host it was sent to is `req.host`, which believes
 * X-Forwarded-Host only from a trusted proxy (TRUST_PROXY). The sender is judged by Origin; without one, by
 * Referer; without either, by Sec-Fetch-Site (server-to-server calls and old browsers send none of them).
 */
export function refuseForeignOrigin(req: Request, res: Response, next: NextFunction) {
  if (safeMethods.has(req.method)) return next();
  const host = (req.host ?? "").toLowerCase();
  const origin = req.get("origin");
  const referer = req.get("referer");
  let foreign: boolean;
  if (origin) foreign = origin === "null" || hostOf(origin) !== host;
  else if (referer) foreign = hostOf(referer) !== host;
  else foreign = req.get("sec-fetch-site") === "cross-site";
  if (!foreign) return next();
  res.status(403).json({ error: "forbidden_origin", message: "Cross-site request refused" });
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}
