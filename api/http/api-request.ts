/**
 * What a handler may ask of its request: Express's Request has it, and so does the in-process call
 * (api/http/in-process.ts), so a handler runs the same whichever way the web tier reached it.
 */
export interface ApiRequest {
  get(header: string): string | undefined;
  readonly ip: string | undefined;
  /** Whether the browser's connection is https (behind the trusted proxy: as forwarded). */
  readonly secure: boolean;
}

/** What a handler may do to its answer besides returning it: status, headers (a cookie) or raw bytes (an image). */
export interface ApiResponse {
  status(code: number): unknown;
  set(header: string, value: string): unknown;
  append(header: string, value: string): unknown;
  send(body: Buffer): unknown;
  readonly headersSent: boolean;
}
