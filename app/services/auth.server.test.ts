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
