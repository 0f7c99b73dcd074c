import { expect, test } from "vitest";
import { chunkReloadGuardMs, installChunkReloadGuard } from "./chunk-reload-guard";

const routeModuleFailure = "Error loading route module `/assets/members-id-abc.js`, reloading page...";

test("React Router's reload after a failed route module is let through once a minute; else the page is opened", () => {
  const logged: unknown[] = [];
  const opened: string[] = [];
  const target = { error: (...args: unknown[]) => void logged.push(args[0]) };
  const stored = new Map<string, string>();
  let clock = 1_000_000;
  installChunkReloadGuard({
    console: target,
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    now: () => clock,
    pendingUrl: () => "/members/7",
    open: (url) => void opened.push(url),
  });

  expect(() => target.error(routeModuleFailure)).not.toThrow();
  clock += chunkReloadGuardMs - 1;
  expect(() => target.error(routeModuleFailure)).toThrow(/not reloading/);
  expect(opened).toEqual(["/members/7"]);
  clock += 1;
  expect(() => target.error(routeModuleFailure)).not.toThrow();
  // Other errors are only logged.
  expect(() => target.error("something else")).not.toThrow();
  expect(logged).toEqual([routeModuleFailure, routeModuleFailure, routeModuleFailure, "something else"]);
  expect(opened).toHaveLength(1);
});
