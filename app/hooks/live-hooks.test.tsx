import { expect, test } from "vitest";
import { beaconOnce } from "./use-page-hidden-beacon";
import { firstPollDelayMs, nextPollDelay, pollIntervalMs, pollStep, pushPollIntervalMs } from "./use-polling";
import { countedTitle } from "./use-title-count";

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

test("the title carries one count prefix, the current one (docs/product.md §4.13)", () => {
  expect(countedTitle("Likes | Heartline", 3)).toBe("(3) Likes | Heartline");
  expect(countedTitle("(3) Likes | Heartline", 3)).toBe("(3) Likes | Heartline");
  expect(countedTitle("(3) Likes | Heartline", 12)).toBe("(12) Likes | Heartline");
  expect(countedTitle("(12) Likes | Heartline", 0)).toBe("Likes | Heartline");
  expect(countedTitle("Likes | Heartline", 0)).toBe("Likes | Heartline");
  // Brackets that are not a leading count stay.
  expect(countedTitle("Anna (34) | Heartline", 2)).toBe("(2) Anna (34) | Heartline");
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
