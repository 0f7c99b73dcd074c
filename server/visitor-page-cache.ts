import crypto from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { acceptedCodings, compressDocument } from "../app/services/compress-document.server";

/*
 * Visitors' pages from memory (docs/operations.md "Visitor page cache"): most requests are visitors' (landers,
 * crawlers, people browsing before they sign up), and their pages depend on few things. A document rendered for a
 * request without a session is kept for a short time, keyed by protocol, host, path and query and the request's
 * variant (app/services/visitor-page-variant.server.ts: language, entry warning, traffic source, country).
 *
 * A page that runs no script is kept without its nonce (the attribute is taken out of its links; its policy names no
 * nonce, so no script may run): every answer is the same bytes, compressed once per coding. A page with scripts keeps
 * them under a nonce of each answer's own: its HTML and policy are kept split at the nonce and joined with the answer's,
 * then compressed. (Hashes cannot stand in for the nonce: the module imports of an inline script allowed by its hash
 * are refused under 'strict-dynamic'.) Both are answered before the rest of the middleware runs (server.ts), with the
 * security headers of their first answer.
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
  /**
   * A page without scripts: the document without its nonce, and its compressed forms, each made when a browser first
   * takes it. A page with scripts: the document split at its nonce.
   */
  bodies: (Partial<Record<Coding, Buffer>> & { identity: Buffer }) | { parts: Buffer[] };
  /** The policy of a page with scripts, split at its nonce; the page's other headers are in `headers`. */
  policy?: string[];
  /** The page's headers (its Content-Security-Policy too when it runs no script): with cookies, and without. */
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
 * A page that runs no script, without its nonce: the same bytes for every answer. Null when the nonce allows a script
 * (or shows anywhere but in a nonce attribute): such a page is kept split at its nonce.
 */
export function withoutNonce(html: string, nonce: string): string | null {
  if (!nonce) return html;
  const attribute = ` nonce="${nonce}"`;
  if (html.includes(`<script${attribute}`) || /<script\b[^>]* nonce="/.test(html)) return null;
  const stripped = html.replaceAll(attribute, "");
  return stripped.includes(nonce) ? null : stripped;
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

  const bodyFor = (page: KeptPage, acceptEncoding: string | undefined, nonce: string): [Coding, Buffer] => {
    if ("parts" in page.bodies) {
      const html = Buffer.concat(page.bodies.parts.flatMap((part, i) => (i ? [Buffer.from(nonce), part] : [part])));
      const encoding = new Headers();
      const body = compressDocument(acceptEncoding ?? null, html as Buffer<ArrayBuffer>, encoding);
      return [(encoding.get("content-encoding") as Coding | null) ?? "identity", body];
    }
    const bodies = page.bodies;
    const { identity } = bodies;
    if (identity.length < compressFrom) return ["identity", identity];
    const accepted = acceptedCodings(acceptEncoding ?? null);
    const coding: Coding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
    let body = bodies[coding];
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
      bodies[coding] = body;
      page.bytes += body.length;
      bytes += body.length;
      makeRoom();
    }
    return [coding, body];
  };

  const serve = (req: Request, res: Response, page: KeptPage) => {
    const nonce = page.policy ? crypto.randomBytes(16).toString("base64") : "";
    const [coding, body] = bodyFor(page, req.headers["accept-encoding"], nonce);
    // Set before writeHead, which adds the page's own and sends them all.
    if (page.policy) res.setHeader("Content-Security-Policy", page.policy.join(nonce));
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
        type.startsWith("text/html");
      if (kept) {
        const html = document!.toString("utf8");
        const scriptless = withoutNonce(html, nonce);
        const headers: HeaderList = {};
        for (const [name, value] of Object.entries(res.getHeaders()))
          if (!ownHeaders.has(name) && value !== undefined) headers[name] = value;
        const policyText = typeof policy === "string" ? policy : undefined;
        // A page without scripts: its policy names no nonce, so none may run.
        if (scriptless !== null && policyText)
          headers["content-security-policy"] = policyText.replace(` 'nonce-${nonce}'`, "");
        headers["x-page-cache"] = "hit";
        const bodies =
          scriptless !== null
            ? { identity: Buffer.from(scriptless) }
            : { parts: html.split(nonce).map((part) => Buffer.from(part)) };
        keep(key, {
          bodies,
          policy: scriptless === null && policyText ? policyText.split(nonce) : undefined,
          headers: {
            withCookie: headers,
            cookieless: {
              ...headers,
              "cache-control": cdnCacheControl,
              vary: cookielessVary(headers.vary as string | undefined),
            },
          },
          expires: now() + seconds * 1000,
          bytes: scriptless !== null ? bodies.identity!.length : document!.length,
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
