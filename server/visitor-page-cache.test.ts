import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express, { type Request, type Response } from "express";
import { afterEach, describe, expect, test } from "vitest";
import { isVisitorPagePath, visitorPageCache, withoutNonce } from "./visitor-page-cache";

/**
 * The cache in front of a stand-in for the rest of server.ts and React Router: the security headers (a nonce and a CSP
 * naming it, counted, as helmet's), then a render that counts itself and writes the nonce and the render's number into
 * the page, so a kept page shows which render it was.
 */
async function site(options: { seconds?: number; varyOn?: string[]; now?: () => number } = {}) {
  const listeners: (() => void)[] = [];
  let renders = 0;
  let headerRuns = 0;
  let title = "Amora";
  const cache = visitorPageCache({
    seconds: options.seconds ?? 30,
    // A session cookie makes a member's request; the language cookie is the variant.
    variantOf: async (req: Request) =>
      /(^|;\s*)sid=/.test(req.get("cookie") ?? "") ? null : (/lng=(\w+)/.exec(req.get("cookie") ?? "")?.[1] ?? ""),
    onSettingsChanged: (listener) => listeners.push(listener),
    varyOn: options.varyOn ?? [],
    now: options.now,
  });
  const changeSettings = (name: string) => {
    title = name;
    for (const listener of listeners) listener();
  };
  const app = express();
  app.use(cache.answerKept);
  app.use((_req, res, next) => {
    headerRuns++;
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self';script-src 'strict-dynamic' 'nonce-${nonce}';style-src 'self'`,
    );
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  app.use(cache.keepRendered, (req: Request, res: Response) => {
    renders++;
    const read = title;
    // A settings change that arrives while this page is being rendered from the settings read before it.
    if (req.query.change) changeSettings(String(req.query.change));
    const member = /sid=(\w+)/.exec(req.get("cookie") ?? "")?.[1];
    const nonce = res.locals.cspNonce as string;
    // The pages under /pages/ run no script, as the legal pages; the others hydrate.
    const scripts = req.path.startsWith("/pages/")
      ? ""
      : `<script nonce="${nonce}">console.log("one")</script><script nonce="${nonce}" type="module" async="">` +
        `import "/assets/root.js";</script>`;
    const html = Buffer.from(
      `<!DOCTYPE html><html><head><link nonce="${nonce}" rel="stylesheet" href="/a.css"/>` +
        `<script type="application/ld+json">{"name":"${read}"}</script></head><body>${read} ${member ?? "visitor"} ` +
        `${req.originalUrl} render ${renders} ${"x".repeat(2000)}${scripts}</body></html>`,
    );
    (res.locals.keepDocument as ((html: Buffer) => void) | undefined)?.(html);
    if (req.query.cookie) res.append("Set-Cookie", "tracking=1");
    res.status(req.query.missing ? 404 : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Request-Id", `request-${renders}`);
    res.end(html);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(origin() + path, { headers }),
    /** The answer as sent, undecoded. */
    raw: (path: string, headers: Record<string, string>) =>
      import("node:http").then(
        (http) =>
          new Promise<{ headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
            http
              .get(new URL(origin() + path), { headers }, (res) => {
                const chunks: Buffer[] = [];
                res.on("data", (c: Buffer) => chunks.push(c));
                res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
              })
              .on("error", reject);
          }),
      ),
    renders: () => renders,
    headerRuns: () => headerRuns,
    changeSettings,
  };
}

const servers: ReturnType<express.Express["listen"]>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A page with its nonce attributes taken out. */
const nonceless = (html: string) => html.replace(/ nonce="[^"]+"/g, "");
/** The nonce an answer's Content-Security-Policy names. */
const policyNonce = (policy: string | string[] | null | undefined) => /'nonce-([^']+)'/.exec(String(policy))?.[1];

describe("the visitor page cache", () => {
  test("a kept page with scripts is the fresh one byte for byte, with a nonce of its own its policy names", async () => {
    const s = await site();
    const fresh = await s.get("/members");
    expect(fresh.headers.get("x-page-cache")).toBe("miss");
    const freshHtml = await fresh.text();
    const kept = await s.get("/members");
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    const keptHtml = await kept.text();
    expect(s.renders()).toBe(1);
    expect(nonceless(keptHtml)).toBe(nonceless(freshHtml));
    const nonce = policyNonce(kept.headers.get("content-security-policy"));
    expect(new Set([...keptHtml.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
    expect(nonce).not.toBe(policyNonce(fresh.headers.get("content-security-policy")));
    expect(policyNonce((await s.get("/members")).headers.get("content-security-policy"))).not.toBe(nonce);
    expect(kept.headers.get("content-security-policy")).toBe(
      `default-src 'self';script-src 'strict-dynamic' 'nonce-${nonce}';style-src 'self'`,
    );
    // The page's other headers are its first answer's; that answer's own id is not.
    expect(kept.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(kept.headers.get("x-request-id")).toBeNull();
  });

  test("a kept page without scripts carries no nonce, and its policy names none: no script may run", async () => {
    const s = await site();
    const freshHtml = await (await s.get("/pages/terms")).text();
    const kept = await s.get("/pages/terms");
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(await kept.text()).toBe(nonceless(freshHtml));
    expect(kept.headers.get("content-security-policy")).toBe(
      "default-src 'self';script-src 'strict-dynamic';style-src 'self'",
    );
    expect(withoutNonce('<p data-x="N">N</p>', "N")).toBeNull();
    expect(withoutNonce('<script nonce="N">1</script>', "N")).toBeNull();
  });

  test("a kept page is answered before the middleware after the cache; a miss goes through it", async () => {
    const s = await site();
    await s.get("/pages/terms");
    await s.get("/pages/terms");
    await s.get("/pages/terms", { cookie: "lng=de" });
    expect(s.headerRuns()).toBe(2);
  });

  test("kept compressed, as each browser takes it: a page without scripts the same bytes every time", async () => {
    const s = await site();
    const fresh = await (await s.get("/pages/faq")).text();
    const gzip = await s.raw("/pages/faq", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(nonceless(fresh));
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect((await s.raw("/pages/faq", { "accept-encoding": "gzip" })).body.equals(gzip.body)).toBe(true);
    const br = await s.raw("/pages/faq", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(nonceless(fresh));
    const plain = await s.raw("/pages/faq", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(nonceless(fresh));
    // A page with scripts: compressed with its own nonce in it.
    await s.get("/");
    const scripted = await s.raw("/", { "accept-encoding": "br" });
    expect(scripted.headers["content-encoding"]).toBe("br");
    const nonce = policyNonce(scripted.headers["content-security-policy"]);
    expect(brotliDecompressSync(scripted.body).toString()).toContain(`<script nonce="${nonce}">`);
    for (const answer of [gzip, br, plain, scripted]) {
      expect(answer.headers["x-page-cache"]).toBe("hit");
      expect(answer.headers.vary).toBe("Accept-Encoding, Cookie");
    }
    expect(s.renders()).toBe(2);
  });

  test("a change of the site's settings shows at once", async () => {
    const s = await site();
    expect(await (await s.get("/")).text()).toContain("Amora visitor");
    s.changeSettings("Amora Love");
    const after = await s.get("/");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Amora Love visitor");
    expect(await (await s.get("/")).text()).toContain("Amora Love visitor");
  });

  test("a page rendered while the settings changed is not kept: the next visitor gets the new settings", async () => {
    const s = await site();
    const during = await s.get("/pages/faq?change=Amora%20Love");
    expect(await during.text()).toContain("Amora visitor");
    expect(during.headers.get("x-page-cache")).toBeNull();
    const after = await s.get("/pages/faq?change=Amora%20Love");
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(s.renders()).toBe(2);
    const next = await s.get("/pages/faq");
    expect(await next.text()).toContain("Amora Love visitor");
    expect((await s.get("/pages/faq")).headers.get("x-page-cache")).toBe("hit");
  });

  test("a member never gets a visitor's kept page, and a member's page is never kept", async () => {
    const s = await site();
    await s.get("/members/7");
    const member = await s.get("/members/7", { cookie: "sid=anna" });
    expect(member.headers.get("x-page-cache")).toBeNull();
    expect(await member.text()).toContain("Amora anna");
    const visitor = await s.get("/members/7");
    expect(visitor.headers.get("x-page-cache")).toBe("hit");
    expect(await visitor.text()).toContain("Amora visitor");
    // The member's page first: still not kept for the visitor after.
    await s.get("/members/8", { cookie: "sid=anna" });
    expect(await (await s.get("/members/8")).text()).toContain("Amora visitor");
    expect(s.renders()).toBe(4);
  });

  test("each language its own page; each query its own page", async () => {
    const s = await site();
    await s.get("/", { cookie: "lng=de" });
    expect((await s.get("/", { cookie: "lng=de" })).headers.get("x-page-cache")).toBe("hit");
    expect((await s.get("/", { cookie: "lng=fr" })).headers.get("x-page-cache")).toBe("miss");
    expect((await s.get("/?page=2")).headers.get("x-page-cache")).toBe("miss");
  });

  test("a page that sets a cookie, answers other than 200, or is a .data request is not kept", async () => {
    const s = await site();
    for (const path of ["/?cookie=1", "/nobody?missing=1", "/members.data"]) {
      const first = await s.get(path);
      expect(first.headers.get("x-page-cache")).toBeNull();
      expect(first.headers.get("cache-control")).toBeNull();
      expect((await s.get(path)).headers.get("x-page-cache")).toBeNull();
    }
    expect(s.renders()).toBe(6);
  });

  test("pages reached by a mailed token, forms and the outbox are rendered for every request", async () => {
    const s = await site();
    for (const path of ["/appeal?token=abc", "/reset-password/do?token=abc", "/signup", "/dev/outbox", "/pages/xyz"]) {
      await s.get(path);
      expect((await s.get(path)).headers.get("x-page-cache")).toBeNull();
    }
    expect(s.renders()).toBe(10);
    expect(isVisitorPagePath("/members/12")).toBe(true);
    expect(isVisitorPagePath("/members/12/chat")).toBe(false);
    expect(isVisitorPagePath("/landers/gallery")).toBe(true);
  });

  test("a CDN may keep a cookieless visitor's page, varying on Cookie and the country; never one sent with cookies", async () => {
    const s = await site({ varyOn: ["CF-IPCountry"] });
    for (const response of [await s.get("/"), await s.get("/")]) {
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
      expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie, CF-IPCountry");
    }
    const withCookie = await s.get("/", { cookie: "lng=de" });
    expect(withCookie.headers.get("cache-control")).toBeNull();
  });

  test("a kept page expires", async () => {
    let clock = 0;
    const s = await site({ seconds: 30, now: () => clock });
    await s.get("/");
    clock += 29_999;
    expect((await s.get("/")).headers.get("x-page-cache")).toBe("hit");
    clock += 1;
    expect((await s.get("/")).headers.get("x-page-cache")).toBe("miss");
  });
});
