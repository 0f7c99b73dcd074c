import { createRequire } from "node:module";
import { expect, test } from "vitest";
import { isWeakPassword } from "./weak-passwords";

const site = { name: "Heartline", domain: "heartline.example" };

test("the most common passwords are weak whatever their case and punctuation, an uncommon one is not", () => {
  expect(isWeakPassword(site, "robin@example.com", "letmein")).toBe(true);
  expect(isWeakPassword(site, "robin@example.com", "LetMeIn")).toBe(true);
  expect(isWeakPassword(site, "robin@example.com", "trust-no1")).toBe(true);
  // The list's last entry counts as much as its first.
  expect(isWeakPassword(site, "robin@example.com", "XPCrew")).toBe(true);
  expect(isWeakPassword(site, "robin@example.com", "correct horse battery staple")).toBe(false);
  // Two common passwords on two lines are not one of the list's lines.
  expect(isWeakPassword(site, "robin@example.com", "123456\npassword")).toBe(false);
});

test("the member's e-mail address and the site's name or domain make a password weak", () => {
  expect(isWeakPassword(site, "jessica.miller@example.com", "Jessica.Miller!2026")).toBe(true);
  expect(isWeakPassword(site, "robin@example.com", "my-heartline-2026")).toBe(true);
});

test("the list's package is let go of once its lines are read: it would hold 2.5 MB of heap", () => {
  isWeakPassword(site, "robin@example.com", "anything at all");
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  expect(loaded.filter((file) => file.includes("@zxcvbn-ts"))).toEqual([]);
});
