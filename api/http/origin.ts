import type { NextFunction, Request, Response } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site: the Origin header must name this host.
 * Requests without Origin (server-to-server, old browsers) are judged by Sec-Fetch-Site when present.
 */
export function refuseForeignOrigin(req: Request, res: Response, next: NextFunction) {
  if (safeMethods.has(req.method)) return next();
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site");
  const host = (req.get("x-forwarded-host") ?? req.get("host") ?? "").toLowerCase();
  let foreign = false;
  if (origin && origin !== "null") {
    try {
      foreign = new URL(origin).host.toLowerCase() !== host;
    } catch {
      foreign = true;
    }
  } else if (origin === "null") {
    foreign = true;
  } else if (fetchSite === "cross-site") {
    foreign = true;
  }
  if (!foreign) return next();
  res.status(403).json({ error: "forbidden_origin", message: "Cross-site request refused" });
}
