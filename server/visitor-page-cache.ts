import crypto from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { acceptedCodings } from "../app/services/compress-document.server";

/*
 * Visitors' pages from memory (docs/operations.md "Visitor page cache"): most requests are visitors' (landers,
 * crawlers, people browsing before they sign up), and their pages depend on few things. A document rendered for a
 * request without a session is kept for a short time, keyed by protocol, host, path and query and the request's
 * variant (app/services/visitor-page-variant.server.ts: language, entry warning, traffic source, country).
 *
 * A kept page carries no nonce: its scripts are allowed by their SHA-256 hashes in its Content-Security-Policy
 * instead, so that every answer is the same bytes, compressed once (gzip and brotli) and sent before the rest of the
 * middleware runs (server.ts). Its other security headers are the first answer's.
 */

/**
 * The pages that may be kept: public pages that read only the site, its members' public profiles and the legal texts.
 * Pages reached by a mailed token (appeal, password reset, unsubscribe), forms, the outbox and anything else that
 * reads state a visitor's own action changes are rendered for each request.
 */
const visitorPagePaths = [
  /^\/$/,
  /^\/pages\/(terms|privacy|cookies|faq|return-policy|service|ban)$/,
  /^\/members(\/\d+)?$/,
  /^\/landers\/[a-z0-9-]+(\/[^/]+)?$/,
  /^\/pricing$/,
];
export const isVisitorPagePath = (path: string) => visitorPagePaths.some((pattern) => pattern.test(path));

export interface VisitorPageCacheOptions {
  /** How long a page is kept, and how long a CDN may keep a cookieless visitor's page. */
  seconds: number;
  /** What the page depends on besides URL and host; null when this request's page is its own (a member's). */
  variantOf(req: Request): Promise<string | null>;
  /** The one signal "a site's settings changed" (api/settings/settings-changes.ts): every kept page goes. */
  onSettingsChanged(listener: () => void): unknown;
  /** Request headers the page depends on beyond Cookie and Accept-Encoding (CF-IPCountry when it is believed). */
  varyOn: string[];
  /** Kept bytes in all (the document and its compressed forms), at most; the oldest pages go first. */
  maxBytes?: number;
  now?: () => number;
}

type Coding = "br" | "gzip" | "identity";
type HeaderList = Record<string, string | string[] | number>;

interface KeptPage {
  /** The document without its nonce, and its compressed forms, each made when a browser first takes it. */
  bodies: Partial<Record<Coding, Buffer>> & { identity: Buffer };
  /** The page's headers, its hashed Content-Security-Policy among them: for a request with cookies, and without. */
  headers: { withCookie: HeaderList; cookieless: HeaderList };
  expires: number;
  bytes: number;
}

// Headers of the first answer that were that answer's alone; the rest (type, Vary, Link, robots, helmet's) are the page's.
const ownHeaders = new Set([
  "x-request-id",
  "content-security-policy",
  "content-encoding",
  "content-length",
  "cache-control",
  "set-cookie",
  "date",
  "etag",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-page-cache",
]);

/** Below this a document is sent as it is (app/services/compress-document.server.ts does the same). */
const compressFrom = 1024;

/**
 * The document as every answer from the cache sends it: without its nonce, and the hashes that allow the scripts the
 * nonce allowed. Null when it cannot be kept so: a script with the nonce that is loaded from a file (a hash allows
 * inline scripts only), or the nonce elsewhere than in a nonce attribute.
 */
export function withoutNonce(html: string, nonce: string): { html: string; scriptHashes: string[] } | null {
  if (!nonce) return { html, scriptHashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const scriptHashes: string[] = [];
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = "", body = ""] = script;
    if (!attributes.includes(attribute)) continue;
    if (/\ssrc=/.test(attributes)) return null;
    scriptHashes.push(`'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  }
  const stripped = html.replaceAll(attribute, "");
  return stripped.includes(nonce) ? null : { html: stripped, scriptHashes };
}

export function visitorPageCache(options: VisitorPageCacheOptions) {
  const { seconds, maxBytes = 32 * 1024 * 1024, now = Date.now } = options;
  const pages = new Map<string, KeptPage>();
  let bytes = 0;
  // Raised by every settings change: a page whose render began before it is not kept.
  let generation = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };
  const clear = () => {
    pages.clear();
    bytes = 0;
    generation++;
  };
  options.onSettingsChanged(clear);

  const makeRoom = () => {
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  const keep = (key: string, page: KeptPage) => {
    drop(key);
    pages.set(key, page);
    bytes += page.bytes;
    makeRoom();
  };

  // What a shared cache in front may do with a page a cookieless visitor got: the same for everyone who sends that
  // URL with no cookie and the same Accept-Encoding (and country), for `seconds`, and a while longer while it asks again.
  const cdnCacheControl = `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 2}`;
  const forCdn = (req: Request, res: Response) => {
    if (req.headers.cookie) return;
    res.setHeader("Cache-Control", cdnCacheControl);
    res.vary("Cookie");
    for (const header of options.varyOn) res.vary(header);
  };
  const cookielessVary = (vary: string | undefined) => {
    const names = (vary ?? "").split(",").map((name) => name.trim());
    for (const name of ["Cookie", ...options.varyOn])
      if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    return names.filter(Boolean).join(", ");
  };

  const bodyFor = (page: KeptPage, acceptEncoding: string | undefined): [Coding, Buffer] => {
    const { identity } = page.bodies;
    if (identity.length < compressFrom) return ["identity", identity];
    const accepted = acceptedCodings(acceptEncoding ?? null);
    const coding: Coding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
    let body = page.bodies[coding];
    if (!body) {
      body =
        coding === "br"
          ? brotliCompressSync(identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            })
          : gzipSync(identity);
      page.bodies[coding] = body;
      page.bytes += body.length;
      bytes += body.length;
      makeRoom();
    }
    return [coding, body];
  };

  const serve = (req: Request, res: Response, page: KeptPage) => {
    const [coding, body] = bodyFor(page, req.headers["accept-encoding"]);
    // Set before writeHead, which adds the page's own and sends them all.
    if (coding !== "identity") res.setHeader("Content-Encoding", coding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(200, req.headers.cookie ? page.headers.withCookie : page.headers.cookieless);
    res.end(body);
  };

  /** Watches the answer to a miss: a plain 200 document that sets no cookie and may be stored is kept. */
  const watch = (req: Request, res: Response, key: string, renderedIn: number) => {
    let document: Buffer | undefined;
    res.locals.keepDocument = (html: Buffer) => {
      document = html;
    };
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      // Headers handed to writeHead itself are not looked at here: such an answer is not kept.
      const headersOnly = args.length === 1 || (args.length === 2 && typeof args[1] === "string");
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      const type = String(res.getHeader("content-type") ?? "");
      const policy = res.getHeader("content-security-policy");
      const nonce = (res.locals.cspNonce as string | undefined) ?? "";
      const kept =
        document &&
        headersOnly &&
        status === 200 &&
        renderedIn === generation &&
        !res.hasHeader("set-cookie") &&
        !/no-store|private/.test(cacheControl) &&
        type.startsWith("text/html")
          ? withoutNonce(document.toString("utf8"), nonce)
          : null;
      if (kept) {
        const headers: HeaderList = {};
        for (const [name, value] of Object.entries(res.getHeaders()))
          if (!ownHeaders.has(name) && value !== undefined) headers[name] = value;
        if (typeof policy === "string")
          headers["content-security-policy"] = policy.replace(
            ` 'nonce-${nonce}'`,
            kept.scriptHashes.map((hash) => ` ${hash}`).join(""),
          );
        headers["x-page-cache"] = "hit";
        const identity = Buffer.from(kept.html);
        keep(key, {
          bodies: { identity },
          headers: {
            withCookie: headers,
            cookieless: {
              ...headers,
              "cache-control": cdnCacheControl,
              vary: cookielessVary(headers.vary as string | undefined),
            },
          },
          expires: now() + seconds * 1000,
          bytes: identity.length,
        });
        res.setHeader("X-Page-Cache", "miss");
        forCdn(req, res);
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
  };

  /**
   * First in the middleware stack after the request's id, log and metrics (server.ts): a kept page is answered at
   * once; any other request goes on, marked for `keepRendered` when its page may be kept.
   */
  const answerKept = (req: Request, res: Response, next: NextFunction) => {
    // Only the listed pages; a .data request (a revalidation, a form's answer with JavaScript) is never kept.
    if (req.method !== "GET" || !isVisitorPagePath(req.path)) return next();
    const renderedIn = generation;
    options
      .variantOf(req)
      .then((variant) => {
        if (variant === null) return next();
        const key = `${req.protocol}://${(req.get("host") ?? "").toLowerCase()}${req.originalUrl}\n${variant}`;
        const page = pages.get(key);
        if (page && page.expires > now()) return serve(req, res, page);
        if (page) drop(key);
        res.locals.visitorPageKey = { key, renderedIn };
        next();
      })
      .catch(next);
  };

  /** Just before the page is rendered (after the security headers that give it its nonce): watches what it answers. */
  const keepRendered = (req: Request, res: Response, next: NextFunction) => {
    const marked = res.locals.visitorPageKey as { key: string; renderedIn: number } | undefined;
    if (marked) watch(req, res, marked.key, marked.renderedIn);
    next();
  };

  return { answerKept, keepRendered, clear, size: () => pages.size };
}
