import { expect, test } from "vitest";
import { safeRedirect } from "./auth.server";

test("a path on this site is kept", () => {
  expect(safeRedirect("/members?page=2#top")).toBe("/members?page=2#top");
  expect(safeRedirect("/likes/given", "/members")).toBe("/likes/given");
});

test("anything that could leave the site becomes the fallback", () => {
  const offSite = [
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "/\n/evil.example",
    "/ /evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "javascript:alert(1)",
    "members",
    "",
    " /members",
  ];
  for (const target of offSite) expect(safeRedirect(target, "/home")).toBe("/home");
  expect(safeRedirect(null)).toBe("/");
  expect(safeRedirect(undefined, "/members")).toBe("/members");
});

test("dot-segments that would resolve to another host become the fallback; harmless ones resolve", () => {
  // new URL() turns each of these into "//evil.example", which a browser reads as another host (issue 32).
  const dotted = [
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/./%2e//evil.example/path?x=1",
  ];
  for (const target of dotted) expect(safeRedirect(target, "/home"), target).toBe("/home");
  expect(safeRedirect("/likes/./given")).toBe("/likes/given");
  expect(safeRedirect("/a/../members?page=2")).toBe("/members?page=2");
});
