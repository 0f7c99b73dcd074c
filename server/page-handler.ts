import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

/**
 * The pages' Express handler: what @react-router/express 7.18 does, with its own writer of the answer's body.
 * That writer races each chunk's read against one promise that settles only when the response closes, so every
 * chunk of a long answer stays reachable until then: a chat's event stream held about 0.7 KB per frame for its
 * 5 minutes (20,000 frames in bench's chat part: 15 MB of heap). React Router 8 fixed it; 7.18 has not.
 */
export function pageHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider | Promise<RouterContextProvider>;
}) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = webRequest(req, res);
      const answer = await handle(request, await getLoadContext(req, res));
      await sendAnswer(res, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch API request React Router reads, as @react-router/express builds it; aborted when the member goes. */
function webRequest(req: Request, res: Response): globalThis.Request {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = [forwardedPort, req.get("host")?.split(":")[1]]
    .map((text) => Number.parseInt(text ?? "", 10))
    .find((n) => Number.isSafeInteger(n));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = fetchHeadersOf(req);
  let aborter: AbortController | null = new AbortController();
  res.on("finish", () => {
    aborter = null;
  });
  res.on("close", () => aborter?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: aborter.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(url.href, init);
}

/** What Express received as Fetch API headers: a header sent several times is appended each time. */
export function fetchHeadersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  return headers;
}

/** Status, headers (each Set-Cookie its own), then the body, chunk by chunk as it comes, minding back-pressure. */
export async function sendAnswer(res: Response, answer: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers.entries()) res.append(name, value);
  // An event stream's headers go at once: the browser's EventSource opens on them, before the first event.
  if (/text\/event-stream/i.test(answer.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (answer.body) await writeBody(answer.body, res);
  else res.end();
}

/**
 * Copies the body to the response. A member who goes cancels the body (an event stream then stops its timers and
 * subscription); a body that fails mid-way destroys the response, whose head is already sent, and throws. Nothing
 * of a chunk is held once it is written.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: Response) {
  const reader = body.getReader();
  // A read waiting when the response closes then answers `done`.
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once("close", stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      const more = res.write(value);
      // compression's flush: each chunk leaves now (an event, the shell of a streamed page), not when a block fills.
      (res as Response & { flush?: () => void }).flush?.();
      if (!more) await drainedOrClosed(res);
    }
    if (!res.destroyed) res.end();
  } catch (error) {
    stop();
    // Express's last handler logs it; the connection is cut so the browser does not take a torn page as whole.
    if (!res.destroyed) {
      res.once("error", () => undefined);
      res.destroy(error as Error);
    }
    throw error;
  } finally {
    res.off("close", stop);
  }
}

const drainedOrClosed = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
