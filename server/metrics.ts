import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { collectDefaultMetrics, register } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { httpDuration, httpRequests } from "../api/metrics/metrics";

/**
 * GET /metrics in Prometheus' text format (docs/operations.md "Metrics"): only with METRICS_TOKEN set (else 404, as
 * any unknown path), and only to `Authorization: Bearer <token>`, compared in constant time.
 */
export function metricsEndpoint(token: string): RequestHandler {
  const expected = crypto.createHash("sha256").update(token).digest();
  // The process's own (memory, event loop lag, CPU): only when someone scrapes them.
  if (!register.getSingleMetric("process_cpu_seconds_total")) collectDefaultMetrics();
  return async (req, res) => {
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
    // Hashes of equal length, so that timingSafeEqual neither throws nor tells the token's length.
    const match = crypto.timingSafeEqual(crypto.createHash("sha256").update(given).digest(), expected);
    if (!match) {
      res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized");
      return;
    }
    res.type(register.contentType).send(await register.metrics());
  };
}

/** The page route pattern of a request: the one React Router noted on the response, else `pathname`'s. */
export type PageRouteOf = (pathname: string, res: Response) => string | undefined;

/**
 * Counts and times every answer by its route pattern, never the raw URL (ids and queries would make a series per
 * member): the API's Express route (`/api/user.php`), the page route's pattern (`/members/:id`), or a group.
 */
export function countRequests(pageRouteOf: PageRouteOf): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = httpDuration.startTimer();
    res.once("finish", () => {
      const route = routeOf(req, res, pageRouteOf);
      end({ method: req.method, route });
      httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

function routeOf(req: Request, res: Response, pageRouteOf: PageRouteOf): string {
  if (req.route?.path) return `${req.baseUrl}${req.route.path}`;
  if (req.path.startsWith("/api/")) return "/api/*";
  if (req.path.startsWith("/assets/")) return "/assets/*";
  if (req.path.startsWith("/uploads/")) return "/uploads/*";
  // A page's data for client-side navigation (React Router's single fetch) counts as its page, with the suffix.
  const data = /(?:\/_root)?\.data$/.exec(req.path);
  const page = pageRouteOf(data ? req.path.slice(0, data.index) || "/" : req.path, res) ?? "unmatched";
  return data ? `${page}.data` : page;
}

/** A route pattern as React Router writes it (`members/:id`, `*`, ``) as a path: `/members/:id`, `/*`, `/`. */
export function asRoutePath(pattern: string): string {
  return `/${pattern}`.replace(/\/+/g, "/");
}

/**
 * The page route pattern a path falls under, from the build's route manifest (`/members/:id`, `/*` for the 404): for
 * answers React Router did not give (a page from the visitor cache), since matching flattens and ranks every route.
 */
export function pageRoutePatterns(routes: ServerBuild["routes"]): (pathname: string) => string | undefined {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({
        id: route!.id,
        path: route!.path,
        index: route!.index,
        children: route!.index ? undefined : childrenOf(route!.id),
      })) as RouteObject[];
  const tree = childrenOf(undefined);
  // matchRoutes flattens and ranks the whole route tree on every call (milliseconds of CPU with this site's routes,
  // more than a kept visitor page costs to send): each path is matched once, and the answers kept, up to a bound.
  const known = new Map<string, string | undefined>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname);
    const matches = matchRoutes(tree, pathname);
    const pattern = matches?.length
      ? asRoutePath(
          matches
            .map((match) => match.route.path)
            .filter(Boolean)
            .join("/"),
        )
      : undefined;
    if (known.size >= knownPathsLimit) known.clear();
    known.set(pathname, pattern);
    return pattern;
  };
}

/** Paths whose route pattern is remembered (a few hundred kB at most): profiles and landers make paths without end. */
const knownPathsLimit = 10_000;
