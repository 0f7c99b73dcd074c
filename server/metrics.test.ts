import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { messagesSent } from "../api/metrics/metrics";
import { asRoutePath, countRequests, metricsEndpoint, pageRoutePatterns } from "./metrics";

const token = "metrics-token-for-the-test-0123456789";
let base = "";
let close: () => void = () => {};

// The pieces server.ts mounts: the request counter by route pattern and /metrics behind its bearer token.
beforeAll(async () => {
  const app = express();
  const pages = pageRoutePatterns({
    root: { id: "root", path: "", module: {} },
    members: { id: "members", parentId: "root", path: "members/:id", module: {} },
  } as never);
  // As server.ts does: the pattern React Router noted in the request's context, else the path matched again.
  app.use(
    countRequests((pathname, res) => {
      const noted = (res.locals.requestInfo as { pageRoute?: string } | undefined)?.pageRoute;
      return noted === undefined ? pages(pathname) : asRoutePath(noted);
    }),
  );
  const api = express.Router();
  api.get("/user.php", (_req, res) => void res.json({ ok: true }));
  app.use("/api", api);
  app.get("/metrics", metricsEndpoint(token));
  // A page whose route React Router noted (the root middleware does so in server.ts).
  app.use((req, res, next) => {
    if (req.path.startsWith("/likes/")) res.locals.requestInfo = { pageRoute: "likes/:type" };
    next();
  });
  app.use((_req, res) => void res.send("a page"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

test("/metrics answers 401 without the token or with a wrong one", async () => {
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
  const wrong = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer not-the-token" } });
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
  expect(await wrong.text()).not.toContain("http_requests_total");
});

test("with the token: Prometheus text, requests counted by route pattern, never by raw URL", async () => {
  await fetch(`${base}/api/user.php?x=1`);
  await fetch(`${base}/members/123`);
  await fetch(`${base}/members/456?tab=photos`);
  await fetch(`${base}/members/789.data`);
  await fetch(`${base}/likes/given`);
  messagesSent.inc({ kind: "text" });
  const scrape = () => fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  // A request is counted when its answer finishes on the server, which may be just after the client has it.
  await expect.poll(async () => (await (await scrape()).text()).includes('route="/members/:id.data"')).toBe(true);
  const answer = await scrape();
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  expect(text).toContain('http_requests_total{method="GET",route="/api/user.php",status="200"} 1');
  expect(text).toContain('http_requests_total{method="GET",route="/members/:id",status="200"} 2');
  expect(text).toContain('http_requests_total{method="GET",route="/members/:id.data",status="200"} 1');
  expect(text).toContain('http_requests_total{method="GET",route="/likes/:type",status="200"} 1');
  expect(text).not.toMatch(/\/members\/(123|456|789)/);
  expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/members\/:id"\}/);
  expect(text).toContain('messages_sent_total{kind="text"} 1');
  for (const name of ["db_query_duration_seconds", "job_runs_total", "mails_total", "pushes_total"])
    expect(text).toContain(`# TYPE ${name}`);
});
