import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { onSiteSettingsChanged, versionCheck, watchSettingsVersion } from "./settings-changes";

// The clock is vitest's: each step below moves it by hand, so nothing here depends on how fast the machine is.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A version source that answers the queued results in turn (a number, or an error to throw). */
function source(...answers: (number | Error)[]) {
  const read = vi.fn(async () => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error("no answer queued");
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return read;
}

test("the caches are dropped when the version moved since the last look, not at the first look", async () => {
  const dropped = vi.fn();
  const stopListening = onSiteSettingsChanged(dropped);
  try {
    const check = versionCheck(source(4, 4, 5, 5));
    expect(await check()).toEqual({ version: 4, moved: false });
    expect(await check()).toEqual({ version: 4, moved: false });
    expect(dropped).not.toHaveBeenCalled();
    expect(await check()).toEqual({ version: 5, moved: true });
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(await check()).toEqual({ version: 5, moved: false });
    expect(dropped).toHaveBeenCalledTimes(1);
  } finally {
    stopListening();
  }
});

test("a failing look is retried after 1 s, then 2 s, 4 s …, and the first that works goes back to the period", async () => {
  const read = source(1, new Error("refused"), new Error("refused"), new Error("refused"), 1, 1);
  const errors: number[] = [];
  const stop = watchSettingsVersion(versionCheck(read), {
    everyMs: 500,
    onError: (_error, retryMs) => errors.push(retryMs),
  });
  try {
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(errors).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toEqual([1000, 2000]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(errors).toEqual([1000, 2000, 4000]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(read).toHaveBeenCalledTimes(5);
    // It works again: the next look comes after the period, not after the last wait doubled.
    await vi.advanceTimersByTimeAsync(500);
    expect(read).toHaveBeenCalledTimes(6);
    expect(errors).toHaveLength(3);
  } finally {
    stop();
  }
});

test("the wait after failures stops growing at 30 s", async () => {
  const read = vi.fn(async (): Promise<number> => {
    throw new Error("down");
  });
  const errors: number[] = [];
  const stop = watchSettingsVersion(versionCheck(read), { everyMs: 500, onError: (_e, ms) => errors.push(ms) });
  try {
    await vi.advanceTimersByTimeAsync(200_000);
    expect(errors.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  } finally {
    stop();
  }
});

test("once stopped (at shutdown), no look is made", async () => {
  const read = source(1, 1, 1, 1);
  const stop = watchSettingsVersion(versionCheck(read), { everyMs: 500, onError: () => {} });
  await vi.advanceTimersByTimeAsync(1000);
  const looks = read.mock.calls.length;
  expect(looks).toBe(3);
  stop();
  await vi.advanceTimersByTimeAsync(5000);
  expect(read).toHaveBeenCalledTimes(looks);
});
