import http from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { z } from "zod";
import { type RequestInfo, requestInfoContext } from "./request-context";

// A stand-in API whose next answers each test scripts; it records what it was sent.
let answers: { status: number; body: unknown; headers?: Record<string, string> }[] = [];
let received: http.IncomingMessage[] = [];
const server = http.createServer((req, res) => {
  received.push(req);
  const answer = answers.shift() ?? { status: 200, body: { ok: true } };
  res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
  res.end(JSON.stringify(answer.body));
});

let api: typeof import("./api.server");
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  vi.stubEnv("API_RETRY_BASE_MS", "1");
  vi.stubEnv("LOG_LEVEL", "silent");
  vi.stubEnv("TRUST_CF_HEADERS", "true");
  api = await import("./api.server");
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  answers = [];
  received = [];
});

function call(cookie = "sid=abc; lng=x") {
  const info: RequestInfo = { nonce: "", requestId: "req-1", clientIp: "198.51.100.7", setCookies: [] };
  const context = new RouterContextProvider(new Map([[requestInfoContext, info]]));
  const request = new Request("https://dating.example/members?page=2", {
    headers: { cookie, "cf-ipcountry": "NL", "sec-fetch-site": "cross-site" },
  });
  return { info, call: { request, context } };
}
const ok = z.object({ ok: z.literal(true) });

test("forwards the browser's cookies, host, address, request id, country and Sec-Fetch-Site; relays Set-Cookie back", async () => {
  answers = [{ status: 200, body: { ok: true }, headers: { "set-cookie": "sid=new; HttpOnly" } }];
  const { info, call: c } = call();
  expect(await api.callApi(c, "/user.php", { schema: ok })).toEqual({ ok: true });
  const sent = received[0]!.headers;
  expect(received[0]!.url).toBe("/api/user.php");
  expect(sent.cookie).toBe("sid=abc; lng=x");
  expect(sent["x-forwarded-host"]).toBe("dating.example");
  expect(sent["x-forwarded-proto"]).toBe("https");
  expect(sent["x-forwarded-for"]).toBe("198.51.100.7");
  expect(sent["x-request-id"]).toBe("req-1");
  expect(sent["x-request-type"]).toBe("client");
  expect(sent["cf-ipcountry"]).toBe("NL");
  expect(sent["sec-fetch-site"]).toBe("cross-site");
  expect(info.setCookies).toEqual(["sid=new; HttpOnly"]);
});

test("X-Request-Type is sent on user.php calls only", async () => {
  await api.callApi(call().call, "/settings.php", { schema: ok });
  expect(received[0]!.headers["x-request-type"]).toBeUndefined();
});

test("a GET is retried with growing delays until it succeeds", async () => {
  answers = [
    { status: 502, body: {} },
    { status: 503, body: {} },
    { status: 200, body: { ok: true } },
  ];
  expect(await api.callApi(call().call, "/settings.php", { schema: ok })).toEqual({ ok: true });
  expect(received).toHaveLength(3);
});

test("after 5 retries a failing call becomes a friendly 503, not a stack trace", async () => {
  answers = Array.from({ length: 6 }, () => ({ status: 500, body: {} }));
  const error = await api.callApi(call("sid=never-answered").call, "/settings.php", { schema: ok }).catch((e) => e);
  expect(received).toHaveLength(6);
  expect(error.init.status).toBe(503);
  expect(error.data).toEqual({ code: "api_unavailable" });
});

test("a POST is not retried unless it carries an Idempotency-Key", async () => {
  answers = [{ status: 500, body: {} }];
  await api.callApi(call().call, "/thing.php", { method: "POST", body: {}, schema: ok }).catch(() => null);
  expect(received).toHaveLength(1);

  received = [];
  answers = [
    { status: 500, body: {} },
    { status: 200, body: { ok: true } },
  ];
  await api.callApi(call().call, "/thing.php", { method: "POST", body: {}, schema: ok, idempotencyKey: "k-1" });
  expect(received).toHaveLength(2);
  expect(received[1]!.headers["idempotency-key"]).toBe("k-1");
});

test("a lost session on any call but user.php logs the member out", async () => {
  const lost = {
    status: 403,
    body: { error: "authentication_required", message: "x", data: { authentication_required: true } },
  };
  answers = [lost];
  const { info, call: c } = call();
  const thrown = await api.callApi(c, "/chats.php", { schema: ok }).catch((e) => e);
  expect(thrown).toBeInstanceOf(Response);
  expect(thrown.status).toBe(302);
  expect(thrown.headers.get("location")).toBe("/login?redirectTo=%2Fmembers%3Fpage%3D2");
  expect(info.setCookies).toContain("sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");

  answers = [lost];
  const onUser = await api.callApi(call().call, "/user.php", { schema: ok }).catch((e) => e);
  expect(onUser).toBeInstanceOf(api.ApiCallError);
  expect(onUser.code).toBe("authentication_required");
});

test("an error answer becomes an ApiCallError with its code and data", async () => {
  answers = [{ status: 403, body: { error: "account_blocked", message: "blocked", data: { minutes: 15 } } }];
  const error = await api.callApi(call().call, "/user.php", { method: "POST", body: {}, schema: ok }).catch((e) => e);
  expect(error).toMatchObject({ status: 403, code: "account_blocked", data: { minutes: 15 } });
});

test("an API that stays down throws ApiUnavailable, a 503 to React Router; a read answered a moment ago stands in for it", async () => {
  const schema = z.object({ n: z.number() });
  answers = [{ status: 200, body: { n: 1 } }];
  const { call: c } = call("sid=s1");
  expect(await api.callApi(c, "/chats.php", { schema })).toEqual({ n: 1 });
  answers = Array.from({ length: 6 }, () => ({ status: 503, body: {} }));
  expect(await api.callApi(c, "/chats.php", { schema })).toEqual({ n: 1 });
  answers = Array.from({ length: 6 }, () => ({ status: 503, body: {} }));
  const other = call("sid=s2").call;
  const error = await api.callApi(other, "/chats.php", { schema }).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(api.ApiUnavailable);
  expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
  answers = [{ status: 502, body: {} }];
  const post = api.callApi(c, "/message.php", { method: "POST", body: {}, schema });
  await expect(post).rejects.toBeInstanceOf(api.ApiUnavailable);
});
