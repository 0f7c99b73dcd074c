import { expect, test } from "vitest";
import { ApiError } from "../errors";
import { assertSameRequest, requestFingerprint } from "./idempotency";

test("a fingerprint ignores key order and absent fields, and tells every other difference", () => {
  const text = requestFingerprint("post /api/message.php", { to: 2, text: "Hi" });
  expect(requestFingerprint("post /api/message.php", { text: "Hi", to: 2, gift: undefined })).toBe(text);
  expect(requestFingerprint("post /api/message.php", { to: 2, text: "Hi!" })).not.toBe(text);
  expect(requestFingerprint("post /api/message.php", { to: 3, text: "Hi" })).not.toBe(text);
  expect(requestFingerprint("post /api/payment.php", { to: 2, text: "Hi" })).not.toBe(text);
  const photo = requestFingerprint("post /api/message-photo.php", { to: 2 }, Buffer.from([1, 2, 3]));
  expect(requestFingerprint("post /api/message-photo.php", { to: 2 }, Buffer.from([1, 2, 3]))).toBe(photo);
  expect(requestFingerprint("post /api/message-photo.php", { to: 2 }, Buffer.from([1, 2, 4]))).not.toBe(photo);
});

test("work done under a key answers only the request that made it; rows from before fingerprints are replayed", () => {
  const hash = requestFingerprint("post /api/payment.php", { bundle: 1 });
  expect(() => assertSameRequest({ request_hash: hash }, hash)).not.toThrow();
  expect(() => assertSameRequest({ request_hash: null }, hash)).not.toThrow();
  const refusal = (() => {
    try {
      assertSameRequest({ request_hash: hash }, requestFingerprint("post /api/payment.php", { bundle: 2 }));
    } catch (error) {
      return error;
    }
  })();
  expect(refusal).toBeInstanceOf(ApiError);
  expect(refusal).toMatchObject({ status: 422, code: "idempotency_key_reused" });
});
