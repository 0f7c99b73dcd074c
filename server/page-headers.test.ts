import type { Request, Response } from "express";
import { expect, test } from "vitest";
import { pageSecurityHeaders } from "./page-headers";

/** The headers one answer gets, and its nonce. */
function answer(handler: ReturnType<typeof pageSecurityHeaders>) {
  const headers = new Map<string, unknown>();
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let passedOn = false;
  handler({} as Request, res as unknown as Response, () => {
    passedOn = true;
  });
  expect(passedOn).toBe(true);
  return { headers, nonce: res.locals.cspNonce as string };
}

test("each page answer names its own nonce in the policy, among helmet's headers", () => {
  const handler = pageSecurityHeaders(false);
  const first = answer(handler);
  const second = answer(handler);
  expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(second.nonce).not.toBe(first.nonce);
  for (const { headers, nonce } of [first, second]) {
    const policy = String(headers.get("content-security-policy"));
    expect(policy).toContain(`script-src 'strict-dynamic' 'nonce-${nonce}'`);
    expect(policy).not.toContain("placeholder");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self' https://www.mollie.com");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(headers.has("cross-origin-embedder-policy")).toBe(false);
  }
  // Only what differs between the two is the nonce.
  const withoutPolicy = (h: Map<string, unknown>) => [...h].filter(([name]) => name !== "content-security-policy");
  expect(withoutPolicy(second.headers)).toEqual(withoutPolicy(first.headers));
});

test("in development the policy lets Vite's socket connect", () => {
  expect(String(answer(pageSecurityHeaders(true)).headers.get("content-security-policy"))).toContain(
    "connect-src 'self' ws:",
  );
  expect(String(answer(pageSecurityHeaders(false)).headers.get("content-security-policy"))).toMatch(
    /connect-src 'self'(;|$)/,
  );
});
