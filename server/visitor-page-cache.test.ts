import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express, { type Request, type Response } from "express";
import { afterEach, describe, expect, test } from "vitest";
import { isVisitorPagePath, visitorPageCache } from "./visitor-page-cache";

/**
 * The cache in front of a stand-in for React Router: each render counts itself and writes the nonce and the render's
 * number into the page, so a kept page shows which render it was.
 */
async function site(options: { seconds?: number; varyOn?: string[]; now?: () => number } = {}) {
  const listeners: (() => void)[] = [];
  let renders = 0;
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
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(cache.middleware, (req: Request, res: Response) => {
    renders++;
    const member = /sid=(\w+)/.exec(req.get("cookie") ?? "")?.[1];
    const nonce = res.locals.cspNonce as string;
    const html = Buffer.from(
      `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>${title} ${member ?? "visitor"} ` +
        `${req.originalUrl} ${"x".repeat(2000)}<script nonce="${nonce}">2</script></body></html>`,
    );
    (res.locals.keepDocument as ((html: Buffer) => void) | undefined)?.(html);
    if (req.query.cookie) res.append("Set-Cookie", "tracking=1");
    res.status(req.query.missing ? 404 : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Vary", "Accept-Encoding");
    res.end(html);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(origin() + path, { headers }),
    renders: () => renders,
    changeSettings(name: string) {
      title = name;
      for (const listener of listeners) listener();
    },
  };
}

const servers: ReturnType<express.Express["listen"]>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

describe("the visitor page cache", () => {
  test("a kept page is the fresh one byte for byte, with a nonce of its own in every script", async () => {
    const s = await site();
    const fresh = await s.get("/pages/terms");
    expect(fresh.headers.get("x-page-cache")).toBe("miss");
    const freshHtml = await fresh.text();
    const kept = await s.get("/pages/terms");
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    const keptHtml = await kept.text();
    expect(s.renders()).toBe(1);
    expect(withoutNonce(keptHtml)).toBe(withoutNonce(freshHtml));
    const nonces = [...keptHtml.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    const first = /nonce="([^"]+)"/.exec(freshHtml)![1];
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(1);
    expect(nonces[0]).not.toBe(first);
  });

  test("compressed as each browser takes it", async () => {
    const s = await site();
    await s.get("/");
    const raw = await import("node:http").then(
      (http) =>
        new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
          const url = new URL(`http://127.0.0.1:${(servers.at(-1)!.address() as AddressInfo).port}/`);
          http.get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
          });
        }),
    );
    expect(raw.encoding).toBe("gzip");
    expect(gunzipSync(raw.body).toString()).toContain("Amora visitor /");
    expect(s.renders()).toBe(1);
  });

  test("a change of the site's settings shows at once", async () => {
    const s = await site();
    expect(await (await s.get("/")).text()).toContain("Amora visitor");
    s.changeSettings("Amora Love");
    const after = await s.get("/");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Amora Love visitor");
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
