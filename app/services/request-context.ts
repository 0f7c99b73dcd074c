import { createContext } from "react-router";
import type { User } from "../../contract/user";
import type { ApiHandler } from "./in-process-api.server";

/** What server.ts knows of a request that React Router's Request does not carry. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  clientIp: string;
  /** Set-Cookie headers for the browser (API answers, tracking, a language chosen by ?lng=), relayed by the root middleware. */
  setCookies: string[];
  /** The member API's handler when this process serves it: the API client then calls it in-process. */
  api?: ApiHandler;
  /** The member of this request, asked of the API at most once. */
  member?: Promise<User | null>;
}

export const requestInfoContext = createContext<RequestInfo>();
