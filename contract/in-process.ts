import type { ContractEndpoint } from "./endpoints";

/**
 * A call of the web tier to the API in the same process (docs/architecture.md "Request flow"): what it would send
 * over HTTP, with the body still an object.
 */
export interface InProcessRequest {
  method: ContractEndpoint["method"];
  /** `/api/….php` */
  path: string;
  query: Record<string, string>;
  /** The headers the web tier would send: cookie, forwarded host, address and protocol, request id, … */
  headers: Headers;
  body?: unknown;
  /**
   * One page request's own store, which the API keeps the site and member it looked up for that request's reads in
   * (docs/architecture.md "Request flow"): the page's several reads then look up the session once.
   */
  lookups?: Map<string, unknown>;
}

/** The API's answer as an object: the same status and JSON shape as over HTTP, without the JSON. */
export interface InProcessAnswer {
  status: number;
  payload: unknown;
  setCookies: string[];
}

/** Answers an in-process call, or null when its endpoint needs HTTP (middleware of its own, an upload, an image). */
export type DirectCaller = (request: InProcessRequest) => Promise<InProcessAnswer | null>;
