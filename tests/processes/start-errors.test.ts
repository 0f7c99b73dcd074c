import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort, startServerProcess } from "./support/server-process";

/*
 * A start that cannot go on says why in one line naming the path or host, and exits 1 without a stack
 * (docs/operations.md "When the start fails"). None of these reaches the web build, so no build is needed.
 */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) {
    execFileSync("umount", [folder], { stdio: "ignore" });
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

async function failedStart(env: Record<string, string>) {
  const server = startServerProcess({ port: await freePort(), env });
  const code = await server.exited;
  const output = server.lines.filter((line) => line.trim() !== "");
  return { code, output };
}

test("an unreachable database: the host in one line, exit 1", async () => {
  const port = await freePort();
  const { code, output } = await failedStart({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere` });
  expect(code).toBe(1);
  expect(output).toEqual([`cannot start: database at 127.0.0.1:${port} unreachable (ECONNREFUSED)`]);
});

test("a DATABASE_URL that is not a URL, and one of an unknown host: one line each", async () => {
  expect(await failedStart({ DATABASE_URL: "postgres://:::bad" })).toEqual({
    code: 1,
    output: ["cannot start: DATABASE_URL is not a valid postgres:// URL"],
  });
  const unknown = await failedStart({ DATABASE_URL: "postgres://postgres@no-such-host.invalid/x" });
  expect(unknown.code).toBe(1);
  expect(unknown.output).toHaveLength(1);
  expect(unknown.output[0]).toMatch(/^cannot start: database at no-such-host\.invalid:5432 unreachable \(E[A-Z_]+\)$/);
});

test("a read-only data folder: its path in one line, exit 1", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "read-only-"));
  try {
    // Root writes through permissions: a read-only mount is read-only for everyone. Elsewhere, permissions do.
    execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", folder], { stdio: "ignore" });
    folders.push(folder);
  } catch {
    fs.chmodSync(folder, 0o555);
  }
  const { code, output } = await failedStart({ DATA_DIR: folder });
  expect(code).toBe(1);
  expect(output).toEqual([`cannot start: the data folder ${folder} is read-only or not writable`]);
});

test("a port already in use: the address in one line, exit 1, instead of a process that serves nothing", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "port-in-use-"));
  const taken = net.createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
  try {
    const server = startServerProcess({
      port,
      env: { DATA_DIR: dataDir, HOST: "127.0.0.1", LOG_LEVEL: "error", SEED_DEMO: "false" },
    });
    expect(await server.exited).toBe(1);
    expect(server.lines.filter((line) => line.trim() !== "")).toEqual([
      `cannot start: cannot listen on 127.0.0.1:${port} (it is in use)`,
    ]);
  } finally {
    taken.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
