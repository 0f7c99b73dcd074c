import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The built client (`dir`, build/client): hashed assets for a year (immutable), each sent as the .br or .gz made at
 * build time when the browser takes it; the few other files (favicon, gift pictures) for an hour. Only paths the
 * build has reach the file system: a page request goes straight on to React Router.
 */
export function builtAssets(dir: string) {
  const assets = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    serveStatic: { immutable: true, maxAge: "1y", index: false },
  });
  const rootFiles = new Set(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
      .filter((name) => !name.startsWith("/assets/")),
  );
  const root = express.static(dir, {
    maxAge: "1h",
    index: false,
    // The service worker: browsers look for a new one at every visit, not from an hour-old copy.
    setHeaders: (res, file) => file.endsWith(`${path.sep}sw.js`) && void res.setHeader("Cache-Control", "no-cache"),
  });
  // Only GET and HEAD reach the files: the precompressed middleware would mark another method's 405 as brotli.
  const reading = (req: Request) => req.method === "GET" || req.method === "HEAD";
  return [
    (req: Request, res: Response, next: NextFunction) =>
      reading(req) && req.path.startsWith("/assets/") ? assets(req, res, notFound(res, next)) : next(),
    (req: Request, res: Response, next: NextFunction) =>
      reading(req) && rootFiles.has(req.path) ? root(req, res, next) : next(),
  ];
}

/**
 * An asset the precompressed middleware listed at start but that is gone (a build made since, under a running
 * server) falls through with the compressed file's Content-Encoding and Content-Type already set: the 404 page
 * after it must not carry them (its own Content-Type made an array of the two, and the answer a 500).
 */
function notFound(res: Response, next: NextFunction) {
  return (error?: unknown) => {
    if (!res.headersSent) {
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
    }
    next(error);
  };
}
