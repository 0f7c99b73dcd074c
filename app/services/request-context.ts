import { createContext } from "react-router";
import type { User } from "../../contract/user";
import type { InProcessApi } from "./in-process-api.server";

/** What server.ts knows of a request that React Router's Request does not carry. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  clientIp: string;
  /** Set-Cookie headers for the browser (API answers, tracking, a language chosen by ?lng=), relayed by the root middleware. */
  setCookies: string[];
  /** The member API when this process serves it: the API client then calls it in-process. */
  api?: InProcessApi;
  /**
   * The API's live chat events when this process serves it (docs/architecture.md "Chat"): what the conversation
   * page's event stream subscribes to. Absent with an external API_URL: the page then polls.
   */
  liveEvents?: LiveEvents;
  /**
   * Handed the rendered document, uncompressed, when the visitor page cache (server/visitor-page-cache.ts) may keep
   * this request's answer; it decides from the answer's status and headers whether to.
   */
  keepDocument?: (html: Buffer) => void;
  /**
   * The pattern of the page route React Router matched (`members/:id`), noted by the root middleware so that the
   * request metrics (server/metrics.ts) need not match the path again.
   */
  pageRoute?: string;
  /** What the in-process API keeps for this page request's reads: its session looked up once (api/http/in-process.ts). */
  apiLookups?: Map<string, unknown>;
  /** The member of this request, asked of the API at most once. */
  member?: Promise<User | null>;
}

export const requestInfoContext = createContext<RequestInfo>();

/** One member's live chat events, as the API's event bus delivers them (ids only: the page reads the rest). */
export interface LiveEvent {
  type: "message" | "read" | "typing" | "deleted";
  conversation: number;
  id?: number;
}
export interface LiveEvents {
  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void;
  /** Events may have been missed (the API's bus reconnected): a stream reads what it missed from the API. */
  onCatchUp(listener: () => void): () => void;
}
