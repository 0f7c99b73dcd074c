import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../support/free-port";

// A port from the system's ephemeral range: never one of the fixed ports other suites use.
export { freePort };

/**
 * Real server processes for the tests of several processes, start, stop and faults (tests/processes): `node --import
 * tsx server.ts` from the repository, with the React Router build it serves (made once when missing).
 */
const root = path.resolve(import.meta.dirname, "../../..");

/** The web build server.ts loads; `npm run build` makes it, this makes it when a fresh checkout has none. */
export function ensureBuild() {
  if (fs.existsSync(path.join(root, "build/server/index.js"))) return;
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Every line of stdout and stderr so far. */
  lines: string[];
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  waitReady(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
  /** A command the server runs under (e.g. `unshare … sh -c '… exec "$@"'`): it must exec the server, as its last arguments. */
  wrapper?: string[];
}): ServerProcess {
  const server = [process.execPath, "--import", "tsx", "server.ts"];
  const [command, ...args] = [...(options.wrapper ?? []), ...server] as [string, ...string[]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "info", ...options.env, PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
      for (const wake of waiters) wake();
    });
  }
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      for (const wake of waiters) wake();
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const url = `http://localhost:${options.port}`;
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = lines.find((l) => pattern.test(l));
        if (line !== undefined) {
          done();
          resolve(line);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(new Error(`process ended before ${pattern}:\n${lines.slice(-20).join("\n")}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no line ${pattern} in ${timeoutMs} ms:\n${lines.slice(-20).join("\n")}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const waitReady = async (timeoutMs = 240_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server ended (${child.exitCode}):\n${lines.slice(-20).join("\n")}`);
      const ok = await fetch(`${url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`not ready in ${timeoutMs} ms:\n${lines.slice(-20).join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return { port: options.port, url, child, lines, waitForLine, waitReady, exited };
}

/** Ends a process the test started (its own child, by pid), with `signal`, and waits for it. */
export async function stopServerProcess(server: ServerProcess | undefined, signal: NodeJS.Signals = "SIGKILL") {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

/** Logs in on `server` (the API's POST /api/user.php); answers the session cookie ("sid=…"). */
export async function logIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0] ?? "";
}

/** An open Server-Sent Events stream: the events read so far (id and event name), and when each arrived. */
export function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const events: { id?: string; event: string; at: number }[] = [];
  let text = "";
  let ended = false;
  const done = (async () => {
    const response = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`event stream ${response.status}`);
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      const frames = text.split("\n\n");
      text = frames.pop() ?? "";
      for (const frame of frames) {
        const field = (name: string) =>
          frame
            .split("\n")
            .find((l) => l.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        const event = field("event") ?? (field("retry") !== undefined ? `retry ${field("retry")}` : undefined);
        if (event) events.push({ id: field("id"), event, at: Date.now() });
      }
    }
    ended = true;
  })().catch((error: unknown) => {
    ended = true;
    if (!controller.signal.aborted) throw error;
  });
  return { events, done, close: () => controller.abort(), ended: () => ended };
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
