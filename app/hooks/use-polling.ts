import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";

/** docs/product.md §9.1 (and §7.3): the first poll 5 s after the page loads… */
export const firstPollDelayMs = 5_000;
/** …then every 60 s… */
export const pollIntervalMs = 60_000;
/** …or every 300 s while push is subscribed, since pushes bring the news then. */
export const pushPollIntervalMs = 300_000;

/**
 * How long until the next poll: 5 s before the first, then 60 s, or 300 s with push (docs/product.md §9.1).
 * `polls` counts the polls already due, so 0 is the first.
 */
export function nextPollDelay(polls: number, slow: boolean): number {
  if (polls === 0) return firstPollDelayMs;
  return slow ? pushPollIntervalMs : pollIntervalMs;
}

/** Where the poll stands: whether the page is hidden, a poll fell due while it was, a revalidation is running. */
export interface PollState {
  hidden: boolean;
  missed: boolean;
  busy: boolean;
}

/** What to do: revalidate now or not, whether a poll is still owed, whether to start the next wait. */
export interface PollStep {
  revalidate: boolean;
  missed: boolean;
  reschedule: boolean;
}

/**
 * The polling schedule as a pure step, for the hook and its tests (docs/product.md §7.3). When a poll falls due on a
 * hidden page nothing is fetched and the schedule stops, owing one poll; when the page shows again that poll is made
 * at once and the schedule resumes. A revalidation already running counts as this poll: it refreshes the same loaders.
 */
export function pollStep(event: "due" | "visible", state: PollState): PollStep {
  if (event === "due") {
    if (state.hidden) return { revalidate: false, missed: true, reschedule: false };
    return { revalidate: !state.busy, missed: false, reschedule: true };
  }
  if (state.hidden || !state.missed) return { revalidate: false, missed: state.missed, reschedule: false };
  return { revalidate: !state.busy, missed: false, reschedule: true };
}

/** Whether the poll's own revalidation is running: what `isPoll` tells a route's shouldRevalidate. */
let polling = false;

/**
 * Whether a revalidation is the poll's (docs/product.md §7.3): one of the same address, after no form, while the poll
 * runs. A page whose own data the poll need not refresh (a search, a profile) skips its loader then, so the poll
 * reads only the root's counts.
 */
export function isPoll({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  return polling && !formMethod && currentUrl.href === nextUrl.href;
}

/**
 * Runs the poll's revalidation, marked as the poll's while it runs. A poll that a navigation cut short (its request
 * aborted) or that failed is left for the next one: not an error of the page.
 */
export async function revalidateAsPoll(revalidate: () => Promise<void>): Promise<void> {
  polling = true;
  try {
    await revalidate();
  } catch {
  } finally {
    polling = false;
  }
}

/**
 * One poll (docs/product.md §7.3): the member's stamp first (`/member-state`, a few bytes), and the page's loaders
 * read again only when it differs from the page's, that is when a count, the credits, the photo or the member's
 * status moved (or the session ended). A stamp that cannot be read (offline, the API away) leaves the poll to the next.
 */
export async function pollOnce(pageStamp: string, revalidate: () => Promise<void>): Promise<void> {
  let stamp: string | null;
  try {
    const answer = await fetch("/member-state", { headers: { accept: "application/json" } });
    if (!answer.ok) return;
    ({ stamp } = (await answer.json()) as { stamp: string | null });
  } catch {
    return;
  }
  if (stamp !== pageStamp) await revalidateAsPoll(revalidate);
}

/** A route's shouldRevalidate for a page whose own data the poll does not refresh: everything else as by default. */
export function notOnPoll(args: ShouldRevalidateFunctionArgs): boolean {
  return !isPoll(args) && args.defaultShouldRevalidate;
}

/**
 * Keeps a member's counts live (docs/product.md §7.3): polls 5 s after load, then every 60 s (300 s when `slow`, i.e.
 * push is subscribed). A poll whose stamp moved (`pollOnce`) re-runs the root loader, which re-reads user.php, so the
 * top bar's unread and likes badges, the title count and the chats and likes pages stay current; pages whose own data
 * the poll need not refresh opt out with `notOnPoll`. Nothing is fetched
 * while the page is hidden; a poll missed meanwhile is made as soon as it shows again.
 */
export function usePolling({ enabled, slow, stamp }: { enabled: boolean; slow: boolean; stamp: string }): void {
  const revalidator = useRevalidator();
  // The latest revalidator, speed and stamp, read when a poll falls due: none restarts the schedule.
  const latest = useRef({ revalidator, slow, stamp });
  useEffect(() => {
    latest.current = { revalidator, slow, stamp };
  });

  useEffect(() => {
    if (!enabled) return;
    let polls = 0;
    let missed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      timer = setTimeout(() => act("due"), nextPollDelay(polls, latest.current.slow));
    };
    const act = (event: "due" | "visible") => {
      const { revalidator, stamp } = latest.current;
      const step = pollStep(event, {
        hidden: document.visibilityState === "hidden",
        missed,
        busy: revalidator.state !== "idle",
      });
      if (event === "due") polls++;
      missed = step.missed;
      if (step.revalidate) void pollOnce(stamp, revalidator.revalidate);
      if (step.reschedule) {
        clearTimeout(timer);
        schedule();
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") act("visible");
    };

    schedule();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled]);
}
