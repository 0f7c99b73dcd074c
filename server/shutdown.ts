import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * A graceful stop on SIGTERM or SIGINT (docs/operations.md "Stopping and rolling restarts"): the server stops taking
 * connections and answers 503 (Connection: close) to requests on connections kept open, event streams are told to
 * reconnect elsewhere, running requests get up to the grace period to finish, then what is left is cut and
 * `close` (schedulers, event bus, database) runs before the process exits.
 */
export function gracefulStop(options: {
  server: Server;
  graceMs: number;
  closeEventStreams: () => Promise<number>;
  close: () => Promise<unknown>;
  log: (message: string, facts?: Record<string, unknown>) => void;
}) {
  let stopping = false;
  let running = 0;
  let drained: (() => void) | undefined;

  /** Counts running requests, and refuses new ones once stopping. */
  const track = (_req: Request, res: Response, next: NextFunction) => {
    if (stopping) {
      res.set("Connection", "close");
      res.status(503).type("text/plain").send("Shutting down");
      return;
    }
    running++;
    res.once("close", () => {
      running--;
      if (stopping && running === 0) drained?.();
    });
    next();
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    options.log("stopping", { signal, running, graceSeconds: options.graceMs / 1000 });
    options.server.close();
    // Idle keep-alive connections go at once; busy ones when their answer is sent.
    options.server.closeIdleConnections();
    const streams = await options.closeEventStreams();
    const allDone = new Promise<void>((resolve) => {
      drained = resolve;
      if (running === 0) resolve();
    });
    const timedOut = await Promise.race([
      allDone.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), options.graceMs).unref()),
    ]);
    if (timedOut) options.server.closeAllConnections();
    await options.close().catch(() => {});
    options.log("stopped", { streams, cut: timedOut ? running : 0, ms: Date.now() - started });
    process.exit(0);
  };

  return { track, stop, isStopping: () => stopping };
}
