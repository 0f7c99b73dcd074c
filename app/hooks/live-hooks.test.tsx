import { expect, test } from "vitest";
import { beaconOnce } from "./use-page-hidden-beacon";
import {
  firstPollDelayMs,
  nextPollDelay,
  notOnPoll,
  pollIntervalMs,
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
