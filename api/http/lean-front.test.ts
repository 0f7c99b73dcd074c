import type { IncomingMessage } from "node:http";
import { expect, test } from "vitest";
import { leanPosts } from "./lean-front";

const lean = leanPosts(
  [
    { method: "post", path: "/api/message.php", run: async () => ({}) },
    { method: "post", path: "/api/user.php?push=1", run: async () => ({}) },
    { method: "get", path: "/api/user.php", run: async () => ({}) },
  ],
  async () => undefined,
  () => undefined,
);

const request = (headers: Record<string, string>, { method = "POST", url = "/api/message.php" } = {}) =>
  ({
    method,
    url,
    headers: { "content-type": "application/json", "content-length": "20", ...headers },
  }) as unknown as IncomingMessage;
const taken = (headers: Record<string, string> = {}, line: { method?: string; url?: string } = {}) =>
  lean.endpointFor(request(headers, line))?.routePath;

test("a JSON POST body-parser would read as it is, to a path exactly as the contract has it, is taken", () => {
  expect(taken()).toBe("/message.php");
  expect(taken({ "content-type": "application/json; charset=utf-8" })).toBe("/message.php");
  expect(taken({ "content-type": 'Application/JSON;charset="UTF-8"' })).toBe("/message.php");
  expect(taken({ "content-length": String(100 * 1024) })).toBe("/message.php");
});

test("anything else goes to Express: its answers (413, 415, routing) stay its own", () => {
  // Not JSON, or JSON in another charset: body-parser skips the one and refuses the other.
  for (const type of ["text/plain", "application/json; charset=latin1", "application/merge-patch+json", ""])
    expect(taken({ "content-type": type })).toBeUndefined();
  // Over the limit (a 413), no length (chunked), encoded bodies.
  expect(taken({ "content-length": String(100 * 1024 + 1) })).toBeUndefined();
  expect(taken({ "content-length": "" })).toBeUndefined();
  expect(taken({ "content-length": "20", "transfer-encoding": "chunked" })).toBeUndefined();
  expect(taken({ "content-encoding": "gzip" })).toBeUndefined();
  expect(taken({ "content-encoding": "identity" })).toBeUndefined();
  // Another method, a query, a path Express would also match (case, trailing slash), a GET endpoint, a fixed query.
  expect(taken({}, { method: "PUT" })).toBeUndefined();
  expect(taken({}, { url: "/api/message.php?domain=other.example" })).toBeUndefined();
  expect(taken({}, { url: "/api/Message.php" })).toBeUndefined();
  expect(taken({}, { url: "/api/message.php/" })).toBeUndefined();
  expect(taken({}, { url: "/api/user.php" })).toBeUndefined();
  expect(taken({}, { url: "/api/user.php?push=1" })).toBeUndefined();
});
