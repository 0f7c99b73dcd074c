import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { sendAnswer } from "./page-handler";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose one route answers what `answer` makes, through sendAnswer; errors passed on are kept. */
async function serve(answer: () => Response) {
  const app = express();
  const errors: unknown[] = [];
  app.get("/", (_req, res, next) => void sendAnswer(res, answer()).catch(next));
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    errors.push(error);
    res.destroy();
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, errors };
}

/** A body the test writes to: `push` a chunk, `end` it, and `cancelled` once the reader cancels it. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled!: () => void;
  const whenCancelled = new Promise<void>((resolve) => {
    cancelled = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => cancelled(),
  });
  return {
    body,
    push: (chunk: Uint8Array) => controller.enqueue(chunk),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
    whenCancelled,
  };
}

const text = (value: string) => new TextEncoder().encode(value);

test("the status, every header (each Set-Cookie on its own) and the whole body arrive", async () => {
  const { url } = await serve(() => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    headers.append("set-cookie", "a=1; Path=/");
    headers.append("set-cookie", "b=2; Path=/");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 200; i++) controller.enqueue(text(`<p>${i}</p>`));
        controller.close();
      },
    });
    return new Response(body, { status: 404, statusText: "Not Found", headers });
  });
  const response = await fetch(url);
  expect(response.status).toBe(404);
  expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  expect(await response.text()).toBe(Array.from({ length: 200 }, (_, i) => `<p>${i}</p>`).join(""));
});

test("an event stream's head arrives before its first event; the member going cancels its body", async () => {
  const stream = controlledBody();
  const { url } = await serve(() => new Response(stream.body, { headers: { "content-type": "text/event-stream" } }));
  const aborter = new AbortController();
  const response = await fetch(url, { signal: aborter.signal });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  stream.push(text("event: ping\n\n"));
  const reader = response.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toBe("event: ping\n\n");
  aborter.abort();
  await stream.whenCancelled;
});

test("a long stream's chunks are let go once written, while the stream stays open", async () => {
  const stream = controlledBody();
  const { url } = await serve(() => new Response(stream.body, { headers: { "content-type": "text/event-stream" } }));
  const response = await fetch(url);
  const reader = response.body!.getReader();
  const written: WeakRef<Uint8Array>[] = [];
  let received = 0;
  for (let i = 0; i < 300; i++) {
    const chunk = text(`data: ${i} ${"x".repeat(1000)}\n\n`);
    written.push(new WeakRef(chunk));
    stream.push(chunk);
    // Read as it is written, so that nothing waits in a buffer.
    while (received < ((i + 1) * chunk.length) / 2) received += (await reader.read()).value!.length;
  }
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 10));
  collectGarbage();
  // React Router 7.18's own writer keeps all 300 here until the stream ends.
  expect(written.filter((ref) => ref.deref()).length).toBeLessThan(30);
  stream.end();
  await reader.cancel();
});

test("a body that fails mid-way cuts the connection and is passed on", async () => {
  const stream = controlledBody();
  const { url, errors } = await serve(() => new Response(stream.body, { headers: { "content-type": "text/html" } }));
  const answered = fetch(url);
  // A page's head leaves with its first chunk.
  stream.push(text("<html><body>half"));
  const response = await answered;
  stream.fail(new Error("render failed"));
  await expect(response.text()).rejects.toThrow();
  expect(errors).toEqual([expect.objectContaining({ message: "render failed" })]);
});
