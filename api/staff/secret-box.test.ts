import crypto from "node:crypto";
import { expect, test } from "vitest";
import { secretBoxFor } from "./secret-box";

const key = crypto.randomBytes(32).toString("base64");
const box = secretBoxFor({ NODE_ENV: "production", STAFF_SECRET_KEY: key });

test("a secret is sealed with AES-256-GCM: not readable, different every time, opened only for its member", () => {
  const sealed = box.seal("JBSWY3DPEHPK3PXP", 7);
  expect(sealed).toMatch(/^v1:/);
  expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
  expect(box.seal("JBSWY3DPEHPK3PXP", 7)).not.toBe(sealed);
  expect(box.open(sealed, 7)).toBe("JBSWY3DPEHPK3PXP");
  expect(() => box.open(sealed, 8)).toThrow();
  const other = secretBoxFor({ NODE_ENV: "production", STAFF_SECRET_KEY: crypto.randomBytes(32).toString("base64") });
  expect(() => other.open(sealed, 7)).toThrow();
});

test("a secret kept as plain text before is read as it is", () => {
  expect(box.isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
  expect(box.open("JBSWY3DPEHPK3PXP", 7)).toBe("JBSWY3DPEHPK3PXP");
});

test("in production without a key nothing is sealed: set-up is refused with a clear error", () => {
  const keyless = secretBoxFor({ NODE_ENV: "production" });
  expect(() => keyless.seal("JBSWY3DPEHPK3PXP", 7)).toThrow(/STAFF_SECRET_KEY/);
  expect(keyless.open("JBSWY3DPEHPK3PXP", 7)).toBe("JBSWY3DPEHPK3PXP");
  expect(secretBoxFor({ NODE_ENV: "development" }).seal("x", 1)).toMatch(/^v1:/);
});
