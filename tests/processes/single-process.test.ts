import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoLogins } from "../../api/db/seed/seed";
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
 * open. The tmpfs needs root (mount); elsewhere the data folder is a plain temporary folder and the disk-full test is
 * skipped.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "single-process-"));
const onTmpfs = (() => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", dataDir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let server: ServerProcess;

beforeAll(async () => {
  ensureBuild();
  server = startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir } });
  await server.waitReady();
}, 300_000);

afterAll(async () => {
  await stopServerProcess(server);
  if (onTmpfs) execFileSync("umount", [dataDir]);
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

describe.skipIf(!onTmpfs)("the data folder full (a 32 MB tmpfs)", () => {
  test("readyz 503 naming the full disk, writes 503 (not 500), one log line; all well again once space is free", async () => {
    const filler = path.join(dataDir, "filler");
    const block = Buffer.alloc(1 << 20);
    const fd = fs.openSync(filler, "w");
    try {
      for (;;) fs.writeSync(fd, block);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(fd);
    }
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
      fs.rmSync(filler);
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
