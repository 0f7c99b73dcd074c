import { MINUTE } from "../../contract/durations";
import { sessionCookieName } from "../../contract/session-cookie";
import { webEnv } from "./env.server";
import { registerWebSiteCache } from "./site-caches.server";

/** How long an answer may stand in for the API while it is unavailable, and how many are kept (memory: HEAP_MB). */
const KEEP_MS = 5 * MINUTE;
const MAX_ANSWERS = 200;

interface StaleAnswer {
  payload: unknown;
  at: number;
}

const answers = new Map<string, StaleAnswer>();
// Answers hold site data (settings, prices): a settings change drops them like every other site cache.
registerWebSiteCache("web: stale API answers for an outage", () => answers.clear());

/**
 * The last successful answers to the browsers' reads, per session, site and address, kept a few minutes in this
 * process (a Map in insertion order as a small LRU). Only used when the API is unavailable (docs/product.md §7.3).
 */
export const staleAnswers = {
  /** The key of a read: the session (visitors share none), the site's host, the path and its query. */
  keyOf(request: Request, path: string, query: Record<string, string | undefined> = {}): string {
    const name = sessionCookieName(webEnv().production);
    const session = (request.headers.get("cookie") ?? "").split(/;\s*/).find((pair) => pair.startsWith(`${name}=`));
    const search = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${value}`)
      .join("&");
    return `${session ?? ""}\u0000${new URL(request.url).host}\u0000${path}?${search}`;
  },
  get(key: string): unknown {
    const answer = answers.get(key);
    if (!answer || Date.now() - answer.at > KEEP_MS) return undefined;
    return answer.payload;
  },
  set(key: string, payload: unknown) {
    answers.delete(key);
    answers.set(key, { payload, at: Date.now() });
    if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
  },
};
