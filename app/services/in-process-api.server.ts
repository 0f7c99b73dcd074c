import type { IncomingMessage, ServerResponse } from "node:http";
import { inject } from "light-my-request";
import type { DirectCaller } from "../../contract/in-process";

/** The member API's request handler, when this process serves it (server.ts): Node's (req, res) signature. */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The member API as this process serves it: endpoints that answer JSON are called directly with typed objects
 * (`direct`); the others (their own middleware, uploads, images) are injected into its router (`handler`).
 */
export interface InProcessApi {
  direct: DirectCaller;
  handler: ApiHandler;
}

/**
 * A fetch that hands the request straight to the API's handler in this process: the same contract, validation
 * and authorisation as over HTTP, without a socket, logging, compression and decompression in between.
 */
export function inProcessFetch(handler: ApiHandler) {
  return async (
    url: URL,
    init: { method: string; headers: Headers; body?: string | Uint8Array<ArrayBuffer>; signal?: AbortSignal },
  ): Promise<Response> => {
    const answer = await inject(handler, {
      method: init.method as "GET",
      url: url.pathname + url.search,
      headers: Object.fromEntries(init.headers),
      payload: init.body instanceof Uint8Array ? Buffer.from(init.body) : init.body,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value])
        if (one !== undefined) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}
