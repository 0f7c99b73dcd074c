import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { expect, test } from "vitest";
import { apiSecurityHeaders } from "./api-headers";

/** The headers of a GET to an app with these security headers, Date aside. */
async function headersWith(security: express.RequestHandler) {
  const app = express()
    .use((_req, res, next) => {
      res.setHeader("X-Powered-By", "Express");
      next();
    })
    .use(security)
    .get("/", (_req, res) => void res.json({ ok: true }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await response.text();
    return Object.fromEntries([...response.headers].filter(([name]) => name !== "date"));
  } finally {
    server.close();
  }
}

test("the API's security headers, worked out once at start, are the ones helmet sets on each request", async () => {
  const fresh = await headersWith(
    helmet({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
      },
    }),
  );
  const once = await headersWith(apiSecurityHeaders());
  expect(once).toEqual(fresh);
  expect(once["content-security-policy"]).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  expect(once["x-powered-by"]).toBeUndefined();
  expect(once["strict-transport-security"]).toMatch(/max-age=/);
});

test("an answer given the API's headers twice (server.ts, then the API's router) is given them once", async () => {
  let policies = 0;
  const counting: express.RequestHandler = (_req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => {
      if (name.toLowerCase() === "content-security-policy") policies++;
      return setHeader(name, value);
    };
    next();
  };
  const once = await headersWith(apiSecurityHeaders());
  const twice = await headersWith(express.Router().use(counting, apiSecurityHeaders(), apiSecurityHeaders()));
  expect(twice).toEqual(once);
  expect(policies).toBe(1);
});
