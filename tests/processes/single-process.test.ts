import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoLogins } from "../../api/db/seed/seed";
import { memberStamp } from "../../app/services/member-stamp.server";
import { userResponseSchema } from "../../contract/user";
import {
  ensureBuild,
  freePort,
  logIn,
  openEventStream,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntil,
} from "./support/server-process";

/*
 * One real server on SQLite (docs/operations.md "Health", "A full disk", "Stopping and rolling restarts"): its data
 * folder is a small tmpfs, filled up while it runs, then freed; then it is stopped with SIGTERM while an event stream is
 * open. As root the tmpfs is mounted here; otherwise, where the kernel lets users have namespaces of their own, in a
 * private user and mount namespace (unshare) that the server runs in and the test enters (nsenter) to fill the
 * folder. Where neither works the data folder is a plain temporary folder and the disk-full test is skipped.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "single-process-"));
const mountTmpfs = (size: string) => `mount -t tmpfs -o size=${size} tmpfs "$0"`;
const worked = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;
const tmpfs: "here" | "namespace" | null = worked("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", dataDir])
  ? "here"
  : worked("unshare", ["--user", "--map-root-user", "--mount", "sh", "-c", mountTmpfs("1m"), dataDir])
    ? "namespace"
    : null;

let server: ServerProcess;
const metricsToken = "single-process-metrics-token-0123456789";

/** Runs a shell script on the data folder ($0) as the server sees it: inside its namespace when it has one. */
function onDataDir(script: string) {
  const shell = ["sh", "-c", script, dataDir];
  return tmpfs === "namespace"
    ? spawnSync("nsenter", ["--target", String(server.child.pid), "--user", "--mount", ...shell], { encoding: "utf8" })
    : spawnSync(shell[0]!, shell.slice(1), { encoding: "utf8" });
}

beforeAll(async () => {
  ensureBuild();
  server = startServerProcess({
    port: await freePort(),
    env: { DATA_DIR: dataDir, METRICS_TOKEN: metricsToken },
    // The tmpfs mounted in the namespace the server is then started in (exec: the process is the server itself).
    wrapper:
      tmpfs === "namespace"
        ? ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", `${mountTmpfs("32m")} && exec "$@"`, dataDir]
        : undefined,
  });
  await server.waitReady();
}, 300_000);

afterAll(async () => {
  await stopServerProcess(server);
  if (tmpfs === "here") execFileSync("umount", [dataDir]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const logInStatus = async () =>
  (
    await fetch(`${server.url}/api/user.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(demoLogins.free),
    })
  ).status;

test("/healthz and /readyz answer 200 on a healthy server", async () => {
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ ready: true });
});

test("/member-state: the member's stamp, null for a visitor and for an ended session, whose cookie then expires", async () => {
  const cookie = await logIn(server, demoLogins.free.email, demoLogins.free.password);
  const state = async (headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/member-state`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return { body: await response.json(), setCookies: response.headers.getSetCookie() };
  };
  // The stamp of everything user.php says of the member: what the root loader hands the page to compare with.
  const user = userResponseSchema.parse(
    await (await fetch(`${server.url}/api/user.php`, { headers: { cookie } })).json(),
  );
  expect(await state({ cookie })).toEqual({ body: { stamp: memberStamp(user.user) }, setCookies: [] });
  expect((await state({})).body).toEqual({ stamp: null });

  const loggedOut = await fetch(`${server.url}/api/logout.php`, { method: "POST", headers: { cookie } });
  expect(loggedOut.ok).toBe(true);
  const ended = await state({ cookie });
  expect(ended.body).toEqual({ stamp: null });
  expect(ended.setCookies.some((c) => /^(__Host-)?sid=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);

  // No site answers for this host: nothing to poll. (fetch would send its own Host.)
  const status = await new Promise<number | undefined>((resolve, reject) =>
    http
      .get(`${server.url}/member-state`, { headers: { cookie, host: "nobody.example" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
      .on("error", reject),
  );
  expect(status).toBe(404);
});

/** A raw request, with headers fetch would not send as given (Host) and its answer's headers and text. */
function rawRequest(options: http.RequestOptions, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request(`${server.url}${options.path}`, options, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("POST /api/message.php on the API's lean path (api/http/lean-front.ts)", () => {
  const send = async (cookie: string, body: string, headers: Record<string, string> = {}, path = "/api/message.php") =>
    rawRequest(
      {
        method: "POST",
        path,
        headers: {
          cookie,
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      body,
    );
  /** What does not differ between two sends of the same text: the message's id and time, and the balance, aside. */
  const shape = (text: string) => {
    const { credits, message, ...rest } = JSON.parse(text) as { credits: number; message: Record<string, unknown> };
    const { id, created_at, ...kept } = message;
    return { ...rest, message: kept, credits: typeof credits, id: typeof id, created_at: typeof created_at };
  };
  /** The headers that differ from one answer to the next. */
  const steady = (headers: http.IncomingHttpHeaders) => {
    const { date, "x-request-id": requestId, "content-length": length, ...rest } = headers;
    expect(requestId).toMatch(/^[\w-]+$/);
    return rest;
  };
  let lucas: string;
  let emmaId: number;

  beforeAll(async () => {
    lucas = await logIn(server, demoLogins.premium.email, demoLogins.premium.password);
    const emma = await logIn(server, demoLogins.free.email, demoLogins.free.password);
    emmaId = (
      (await (await fetch(`${server.url}/api/user.php`, { headers: { cookie: emma } })).json()) as {
        user: { id: number };
      }
    ).user.id;
  });

  test("a send answers as Express answers it: status, headers, body, log line and metrics", async () => {
    const body = JSON.stringify({ to: emmaId, text: "On the lean path" });
    const lean = await send(lucas, body);
    // A query (here one message.php does not read) sends the same request through Express's router and body-parser.
    const routed = await send(lucas, body, {}, "/api/message.php?via=express");
    expect(lean.status).toBe(200);
    expect(routed.status).toBe(200);
    expect(shape(lean.text)).toEqual(shape(routed.text));
    expect(JSON.parse(lean.text).credits - JSON.parse(routed.text).credits).toBeGreaterThan(0);
    expect(steady(lean.headers)).toEqual(steady(routed.headers));
    expect(lean.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(lean.headers["x-content-type-options"]).toBe("nosniff");
    expect(lean.headers["cache-control"]).toBe("no-store");
    expect(lean.headers["content-type"]).toBe("application/json; charset=utf-8");
    const requestId = lean.headers["x-request-id"];
    await waitUntil(
      () => server.lines.some((l) => l.includes(`"reqId":"${requestId}"`) && l.includes('"path":"/api/message.php"')),
      "the request's log line",
    );
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    const counted = /http_requests_total\{method="POST",route="\/api\/message\.php",status="200"\} (\d+)/.exec(
      await metrics.text(),
    );
    // Both sends, counted under their route as Express's router names it.
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(2);
  });

  test("a replay under the same Idempotency-Key writes one message and answers the first answer", async () => {
    const headers = { "idempotency-key": `lean-replay-${crypto.randomUUID()}` };
    const text = `Once only ${crypto.randomUUID()}`;
    const body = JSON.stringify({ to: emmaId, text });
    const [first, second] = await Promise.all([send(lucas, body, headers), send(lucas, body, headers)]);
    const third = await send(lucas, body, headers);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    const { conversation, message } = JSON.parse(first.text) as { conversation: number; message: { id: number } };
    for (const answer of [second, third]) expect(JSON.parse(answer.text).message.id).toBe(message.id);
    const page = (await (
      await fetch(`${server.url}/api/messages.php?conversation=${conversation}`, { headers: { cookie: lucas } })
    ).json()) as { messages: { text: string | null }[] };
    expect(page.messages.filter((m) => m.text === text)).toHaveLength(1);
    // Another request under a used key is refused, not answered with the first one's message.
    const reused = await send(lucas, JSON.stringify({ to: emmaId, text: "Something else" }), headers);
    expect(reused.status).toBe(422);
  });

  test("refusals: a foreign Origin, a bad Host, a body over 100 kB, malformed JSON", async () => {
    const body = JSON.stringify({ to: emmaId, text: "Refused" });
    const foreign = await send(lucas, body, { origin: "https://elsewhere.example" });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text)).toEqual({ error: "forbidden_origin", message: "Cross-site request refused" });
    expect(foreign.headers["content-security-policy"]).toContain("default-src 'none'");

    const badHost = await send(lucas, body, { host: "-bad-.example" });
    expect(badHost.status).toBe(400);
    expect(badHost.text).toBe("Bad Request");

    const large = await send(lucas, JSON.stringify({ to: emmaId, text: "x".repeat(101 * 1024) }));
    expect(large.status).toBe(413);
    expect(JSON.parse(large.text)).toEqual({
      error: "payload_too_large",
      message: "The request body is too large",
    });

    for (const malformed of ['{"to": 1, "text":', '"just a string"', "[1,"]) {
      const answer = await send(lucas, malformed);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        error: "validation_failed",
        message: "The request body is not valid JSON",
      });
    }
    // Not JSON by its type: left to Express, whose json() ignores it, so the endpoint names the missing fields.
    const plain = await send(lucas, body, { "content-type": "text/plain" });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.text).error).toBe("validation_failed");
  });
});

describe.skipIf(!tmpfs)("the data folder full (a 32 MB tmpfs)", () => {
  test("readyz 503 naming the full disk, writes 503 (not 500), one log line; all well again once space is free", async () => {
    const filled = onDataDir('cat /dev/zero > "$0/filler"');
    expect(filled.stderr).toContain("No space left on device");
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { reason: string }).reason).toMatch(/^disk full/);
      // A login writes a session: refused for want of space, as a 503 the web tier retries, never a 500.
      expect([await logInStatus(), await logInStatus()]).toEqual([503, 503]);
      await waitUntil(() => server.lines.some((l) => l.includes(`disk full at ${dataDir}`)), "the log line");
      expect(server.lines.filter((l) => l.includes("disk full at"))).toHaveLength(1);
      expect(server.lines.some((l) => l.includes("cannot rollback"))).toBe(false);
    } finally {
      expect(onDataDir('rm "$0/filler"').status).toBe(0);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await logInStatus()).toBe(200);
  });
});

test("SIGTERM: an open event stream is told to reconnect (retry:) and closed, the process exits 0", async () => {
  const lucas = await logIn(server, demoLogins.premium.email, demoLogins.premium.password);
  const emma = await logIn(server, demoLogins.free.email, demoLogins.free.password);
  const emmaId = (
    (await (await fetch(`${server.url}/api/user.php`, { headers: { cookie: emma } })).json()) as {
      user: { id: number };
    }
  ).user.id;
  const sent = await fetch(`${server.url}/api/message.php`, {
    method: "POST",
    headers: { cookie: lucas, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ to: emmaId, text: "Before the restart" }),
  });
  const { conversation } = (await sent.json()) as { conversation: number };
  const stream = openEventStream(`${server.url}/chats/${conversation}/events`, emma);
  await waitUntil(() => stream.events.some((e) => e.event === "message"), "the stream open");

  server.child.kill("SIGTERM");
  await waitUntil(() => stream.ended(), "the stream closed by the server", 10_000);
  expect(stream.events.at(-1)?.event).toMatch(/^retry [123]\d{3}$/);
  expect(await server.exited).toBe(0);
  expect(server.lines.some((l) => l.includes('"msg":"stopped"') && l.includes('"streams":1'))).toBe(true);
});
