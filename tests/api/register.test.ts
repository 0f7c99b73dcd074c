import express from "express";
import pino from "pino";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { apiRoutes } from "../../api/app";
import { parseApiEnv } from "../../api/env.server";
import { assertContractServed, contractRoutes, endpointKey } from "../../api/http/register";
import type { ApiDeps } from "../../api/route-deps";
import { endpoints } from "../../contract/endpoints";
import { createSite } from "./support/factories";
import { httpTest, startTestApi, type TestApi } from "./support/test-api";

let api: TestApi;
let domain: string;
let deps: ApiDeps;

beforeAll(async () => {
  api = await startTestApi();
  domain = (await createSite(api.db)).domain;
  deps = {
    db: api.db,
    env: parseApiEnv({ DATA_DIR: api.dataDir, NODE_ENV: "test" }),
    logger: pino({ level: "silent" }),
    mailer: api.mailer,
  };
});
afterAll(() => api.close());

const contract = endpoints.map(endpointKey).sort();

test("the routes register every contract endpoint exactly once, and nothing else", () => {
  const registered = apiRoutes(deps).flatMap((routes) => routes.registered);
  expect([...registered].sort()).toEqual(contract);
  expect(new Set(registered).size).toBe(registered.length);
});

test("the OpenAPI document lists exactly the registered endpoints", async () => {
  const { status, body } = await api.call("/api/openapi.json");
  expect(status).toBe(200);
  const documented = Object.entries(body.paths as Record<string, object>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );
  expect(documented.sort()).toEqual(
    apiRoutes(deps)
      .flatMap((routes) => routes.registered)
      .sort(),
  );
});

test("every contract endpoint answers over HTTP; another method on its path is no endpoint", async () => {
  for (const { method, path } of endpoints) {
    const { status, body } = await api.call(path, {
      method: method.toUpperCase(),
      domain,
      body: method === "get" ? undefined : {},
    });
    expect({ status, message: body?.message }, `${method} ${path}`).not.toEqual({
      status: 404,
      message: "No such endpoint",
    });
  }
  const other = await api.call("/api/settings.php", { method: "DELETE", domain });
  expect(other).toMatchObject({ status: 404, body: { error: "not_found", message: "No such endpoint" } });
});

test("a path reaches its routes as Express matches it: in any case, with a trailing slash, by its fixed query", async () => {
  const settings = await api.call("/api/settings.php", { domain });
  expect(settings.status).toBe(200);
  for (const path of ["/api/SETTINGS.php", "/api/settings.php/"])
    expect(await api.call(path, { domain }), path).toMatchObject({ status: 200, body: settings.body });
  // POST user.php is the login (accounts), POST user.php?push=1 the push subscription (notifications): two routers.
  const login = await api.call("/api/user.php", { method: "POST", domain, body: {} });
  expect(login).toMatchObject({ status: 400, body: { error: "validation_failed" } });
  const push = await api.call("/api/user.php?push=1", { method: "POST", domain, body: {} });
  expect(push).toMatchObject({ status: 403, body: { error: "authentication_required" } });
  expect(await api.call("/api/settings.php/x", { domain })).toMatchObject({ status: 404 });
});

httpTest("a write's answer is JSON as res.json sends it, without an ETag; a read's keeps its ETag", async () => {
  const write = await api.call("/api/logout.php", { method: "POST", domain, body: {} });
  expect(write).toMatchObject({ status: 200, body: { ok: true } });
  expect(write.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(Number(write.headers.get("content-length"))).toBe(JSON.stringify(write.body).length);
  expect(write.headers.get("etag")).toBeNull();
  const read = await api.call("/api/settings.php", { domain });
  expect(read.headers.get("etag")).toMatch(/^W\//);
});

test("register refuses an endpoint the contract does not list, in the type checker and at start", () => {
  const { register } = contractRoutes();
  // @ts-expect-error: not in contract/endpoints.ts
  expect(() => register("get", "/api/nothing.php", () => ({}))).toThrow(
    "GET /api/nothing.php is not in contract/endpoints.ts",
  );
  // @ts-expect-error: the contract has no POST settings.php
  expect(() => register("post", "/api/settings.php", () => ({}))).toThrow(
    "POST /api/settings.php is not in contract/endpoints.ts",
  );
});

test("the contract check throws for an endpoint registered never or twice", () => {
  const all = endpoints.map(endpointKey);
  expect(() => assertContractServed(all)).not.toThrow();
  expect(() => assertContractServed(all.slice(1))).toThrow(`not registered: ${all[0]}`);
  expect(() => assertContractServed([...all, all[0]!])).toThrow(`registered twice: ${all[0]}`);
});

test("createApi does not start when a route module leaves an endpoint out", async () => {
  vi.resetModules();
  vi.doMock("../../api/settings/settings.routes", () => ({
    settingsRoutes: () => ({ router: express.Router(), paths: [], registered: [], register: () => undefined }),
  }));
  try {
    const { createApi } = await import("../../api/app");
    expect(() => createApi(deps)).toThrow("not registered: get /api/settings.php, get /api/interests.php");
  } finally {
    vi.doUnmock("../../api/settings/settings.routes");
    vi.resetModules();
  }
});
