import { afterEach, expect, test, vi } from "vitest";
import { beaconOnce } from "./use-page-hidden-beacon";
import {
  firstPollDelayMs,
  nextPollDelay,
  notOnPoll,
  pollIntervalMs,
  pollOnce,
  pollStep,
  pushPollIntervalMs,
  revalidateAsPoll,
} from "./use-polling";

// No DOM in the unit project (environment node, neither jsdom nor happy-dom installed): the hooks' decisions are pure
// functions, tested here; the hooks only wire them to timers and events.

test("polls 5 s after load, then every 60 s, or every 300 s with push (docs/product.md §9.1)", () => {
  expect([firstPollDelayMs, pollIntervalMs, pushPollIntervalMs]).toEqual([5_000, 60_000, 300_000]);
  expect(nextPollDelay(0, false)).toBe(5_000);
  expect(nextPollDelay(0, true)).toBe(5_000);
  expect(nextPollDelay(1, false)).toBe(60_000);
  expect(nextPollDelay(7, false)).toBe(60_000);
  expect(nextPollDelay(1, true)).toBe(300_000);
});

test("a due poll on a visible page revalidates and waits for the next", () => {
  expect(pollStep("due", { hidden: false, missed: false, busy: false })).toEqual({
    revalidate: true,
    missed: false,
    reschedule: true,
  });
});

test("a due poll never overlaps a revalidation already running, and the schedule goes on", () => {
  expect(pollStep("due", { hidden: false, missed: false, busy: true })).toEqual({
    revalidate: false,
    missed: false,
    reschedule: true,
  });
});

test("a hidden page stops polling and owes the poll until it shows again, then polls at once and resumes", () => {
  const hidden = pollStep("due", { hidden: true, missed: false, busy: false });
  expect(hidden).toEqual({ revalidate: false, missed: true, reschedule: false });
  expect(pollStep("visible", { hidden: false, missed: hidden.missed, busy: false })).toEqual({
    revalidate: true,
    missed: false,
    reschedule: true,
  });
  // Showing again while a revalidation runs: that one counts, the schedule resumes.
  expect(pollStep("visible", { hidden: false, missed: true, busy: true })).toEqual({
    revalidate: false,
    missed: false,
    reschedule: true,
  });
});

test("showing again with no poll due changes nothing: the running wait goes on", () => {
  expect(pollStep("visible", { hidden: false, missed: false, busy: false })).toEqual({
    revalidate: false,
    missed: false,
    reschedule: false,
  });
});

test("one beacon per hidden period: visibilitychange and pagehide together send once", () => {
  let sent = 0;
  const gate = beaconOnce(() => sent++);
  gate.hidden();
  gate.hidden();
  expect(sent).toBe(1);
  gate.visible();
  gate.hidden();
  expect(sent).toBe(2);
});

test("a page that opts out skips its loader on the poll only: not on a form, another address or a later revalidation", async () => {
  const page = new URL("http://localhost/members?page=2");
  const args = (next: URL, formMethod?: "POST") =>
    ({ currentUrl: page, nextUrl: next, formMethod, defaultShouldRevalidate: true }) as Parameters<typeof notOnPoll>[0];
  const during: boolean[] = [];
  await revalidateAsPoll(async () => {
    during.push(
      notOnPoll(args(page)),
      notOnPoll(args(page, "POST")),
      notOnPoll(args(new URL("http://localhost/members"))),
    );
  });
  expect(during).toEqual([false, true, true]);
  expect(notOnPoll(args(page))).toBe(true);
  expect(notOnPoll({ ...args(page), defaultShouldRevalidate: false })).toBe(false);
});

afterEach(() => vi.unstubAllGlobals());

/** A stand-in for the browser's fetch of `/member-state`, answering `stamp` (or failing), that records what was asked. */
function memberState(answer: { stamp: string | null } | "down" | "offline") {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return answer === "down" ? new Response("", { status: 503 }) : Response.json(answer);
  });
  return asked;
}

test("a poll reads the page's loaders again only when the member's stamp moved (docs/product.md §7.3)", async () => {
  let revalidations = 0;
  const revalidate = async () => {
    revalidations++;
  };
  const asked = memberState({ stamp: "same" });
  await pollOnce("same", revalidate);
  expect(asked).toEqual(["/member-state"]);
  expect(revalidations).toBe(0);

  memberState({ stamp: "moved" });
  await pollOnce("same", revalidate);
  expect(revalidations).toBe(1);

  // A session that ended answers null: the page is read again, and so shows the member logged out.
  memberState({ stamp: null });
  await pollOnce("same", revalidate);
  expect(revalidations).toBe(2);
});

test("a stamp that cannot be read leaves the poll to the next: nothing is read again", async () => {
  let revalidations = 0;
  for (const failure of ["down", "offline"] as const) {
    memberState(failure);
    await pollOnce("same", async () => {
      revalidations++;
    });
  }
  expect(revalidations).toBe(0);
});

test("the poll's revalidation is marked as the poll's, so pages that opt out skip their loaders", async () => {
  memberState({ stamp: "moved" });
  const page = new URL("http://localhost/members");
  const skipped: boolean[] = [];
  await pollOnce("same", async () => {
    skipped.push(
      !notOnPoll({
        currentUrl: page,
        nextUrl: page,
        defaultShouldRevalidate: true,
      } as Parameters<typeof notOnPoll>[0]),
    );
  });
  expect(skipped).toEqual([true]);
});
