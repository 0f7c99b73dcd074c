import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test, vi } from "vitest";
import { gracefulStop } from "./shutdown";

afterEach(() => vi.restoreAllMocks());

/** A server with one route that takes `ms` to answer, behind the stop's request tracking. */
async function slowServer(ms: number, graceMs: number) {
  const app = express();
  let stopper: ReturnType<typeof gracefulStop> | undefined;
  app.use((req, res, next) => (stopper ? stopper.track(req, res, next) : next()));
  let arrived: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  app.get("/slow", (_req, res) => {
    arrived();
    setTimeout(() => res.send("done"), ms);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const closed = vi.fn(async () => {});
  const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  stopper = gracefulStop({ server, graceMs, closeEventStreams: async () => 0, close: closed, log: () => {} });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { stopper, url, closed, exit, started };
}

test("a running request finishes within the grace; new connections are refused; then it closes and exits 0", async () => {
  const { stopper, url, closed, exit, started } = await slowServer(300, 5_000);
  const running = fetch(`${url}/slow`);
  await started;
  const stopped = stopper.stop("SIGTERM");
  expect(await fetch(`${url}/slow`).catch(() => "refused")).toBe("refused");
  const answer = await running;
  expect([answer.status, await answer.text()]).toEqual([200, "done"]);
  await stopped;
  expect(closed).toHaveBeenCalledOnce();
  expect(exit).toHaveBeenCalledWith(0);
});

test("a request still running at the end of the grace is cut, and the process exits all the same", async () => {
  const { stopper, url, closed, exit, started } = await slowServer(10_000, 200);
  const running = fetch(`${url}/slow`).catch(() => "cut");
  await started;
  const stoppedAt = Date.now();
  await stopper.stop("SIGTERM");
  expect(await running).toBe("cut");
  expect(Date.now() - stoppedAt).toBeLessThan(2_000);
  expect(closed).toHaveBeenCalledOnce();
  expect(exit).toHaveBeenCalledWith(0);
});
