import type { NextFunction, Request, Response } from "express";
import { compressDocument } from "../app/services/compress-document.server";

/*
 * Visitors' pages from memory (docs/operations.md "Visitor page cache"): most requests are visitors' (landers,
 * crawlers, people browsing before they sign up), and their pages depend on few things. A document rendered for a
 * request without a session is kept for a short time, keyed by protocol, host, path and query and the request's
 * variant (app/services/visitor-page-variant.server.ts: language, entry warning, traffic source, country), and served
 * again with a nonce of its own: the cached HTML is kept split at its nonce and joined with each answer's.
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
  /** Kept HTML in all, at most; the oldest pages go first. */
  maxBytes?: number;
  now?: () => number;
}

interface KeptPage {
  /** The document split at the nonce it was rendered with. */
  parts: string[];
  headers: [string, number | string | string[]][];
  expires: number;
  bytes: number;
}

// Headers of the first answer that were that answer's alone; the rest (type, Vary, Link, robots) are the page's.
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
]);

export function visitorPageCache(options: VisitorPageCacheOptions) {
  const { seconds, maxBytes = 32 * 1024 * 1024, now = Date.now } = options;
  const pages = new Map<string, KeptPage>();
  let bytes = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };
  const clear = () => {
    pages.clear();
    bytes = 0;
  };
  options.onSettingsChanged(clear);

  const keep = (key: string, page: KeptPage) => {
    drop(key);
    pages.set(key, page);
    bytes += page.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  // What a shared cache in front may do with a page a cookieless visitor got: the same for everyone who sends that
  // URL with no cookie and the same Accept-Encoding (and country), for `seconds`, and a while longer while it asks again.
  const forCdn = (req: Request, res: Response) => {
    if (req.headers.cookie) return;
    res.setHeader("Cache-Control", `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 2}`);
    res.vary("Cookie");
    for (const header of options.varyOn) res.vary(header);
  };

  const serve = (req: Request, res: Response, page: KeptPage) => {
    const nonce = res.locals.cspNonce as string;
    const html = Buffer.from(page.parts.join(nonce)) as Buffer<ArrayBuffer>;
    const encoding = new Headers();
    const body = compressDocument(req.get("accept-encoding") ?? null, html, encoding);
    res.status(200);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const coding = encoding.get("content-encoding");
    if (coding) res.setHeader("Content-Encoding", coding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Page-Cache", "hit");
    forCdn(req, res);
    res.end(body);
  };

  /** Watches the answer to a miss: a plain 200 document that sets no cookie and may be stored is kept. */
  const watch = (req: Request, res: Response, key: string) => {
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
      if (
        document &&
        headersOnly &&
        status === 200 &&
        !res.hasHeader("set-cookie") &&
        !/no-store|private/.test(cacheControl) &&
        type.startsWith("text/html")
      ) {
        const nonce = res.locals.cspNonce as string;
        const text = document.toString("utf8");
        keep(key, {
          parts: nonce ? text.split(nonce) : [text],
          headers: Object.entries(res.getHeaders())
            .filter(([name, value]) => !ownHeaders.has(name) && value !== undefined)
            .map(([name, value]) => [name, value as number | string | string[]]),
          expires: now() + seconds * 1000,
          bytes: document.length,
        });
        res.setHeader("X-Page-Cache", "miss");
        forCdn(req, res);
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    // Only the listed pages; a .data request (a revalidation, a form's answer with JavaScript) is never kept.
    if (req.method !== "GET" || !isVisitorPagePath(req.path)) return next();
    options
      .variantOf(req)
      .then((variant) => {
        if (variant === null) return next();
        const key = `${req.protocol}://${(req.get("host") ?? "").toLowerCase()}${req.originalUrl}\n${variant}`;
        const page = pages.get(key);
        if (page && page.expires > now()) return serve(req, res, page);
        if (page) drop(key);
        watch(req, res, key);
        next();
      })
      .catch(next);
  };

  return { middleware, clear, size: () => pages.size };
}
