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
    env: { DATA_DIR: dataDir },
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
