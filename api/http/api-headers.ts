import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** The answers that have the API's headers already: server.ts sets them first, the API's own router again. */
const withHeaders = new WeakSet<ServerResponse>();

/**
 * The API's security headers: helmet's, with a policy that lets an answer load nothing (it is JSON or an image, never
 * a page). They depend on nothing in the request, so helmet runs once, at start, and each answer gets what it set:
 * the same headers without a dozen middleware calls on every request, sends included. They are set once per answer:
 * the API's router sets them (alone, in the tests and the in-process app, it has no one else to), but behind
 * server.ts, which gives every /api/* answer these first, that would be a second time (docs/architecture.md
 * "Durable commits").
 */
export function apiSecurityHeaders(): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.set(name, value),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet({
    contentSecurityPolicy: {
      directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], frameAncestors: ["'none'"] },
    },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  const headers = [...set];
  return (_req, res, next) => {
    if (!withHeaders.has(res)) {
      withHeaders.add(res);
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const name of removed) res.removeHeader(name);
    }
    next();
  };
}
