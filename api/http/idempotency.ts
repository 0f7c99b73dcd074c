import crypto from "node:crypto";
import { ApiError } from "../errors";
import type { ApiRequest } from "./api-request";

/**
 * The Idempotency-Key of a request that spends, pays or sends (docs/architecture.md "The API contract"): required,
 * so that the web tier may retry it and a double submit does the work once.
 */
export function idempotencyKeyOf(req: ApiRequest): string {
  const key = req.get("idempotency-key");
  if (!key || !/^[\w:.-]{8,100}$/.test(key))
    throw new ApiError(400, "idempotency_key_required", "An Idempotency-Key header (8 to 100 characters) is required");
  return key;
}

/**
 * What a request asks for, as a SHA-256 of its endpoint, parsed body and query (key order aside; an upload's bytes as
 * they came). Kept with the work done under the key, so a reuse can be told from a retry.
 */
export function requestFingerprint(...parts: unknown[]): string {
  const hash = crypto.createHash("sha256");
  for (const part of parts) {
    hash.update(Buffer.isBuffer(part) ? part : JSON.stringify(sortedKeys(part) ?? null));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, sortedKeys(v)]),
  );
}

/**
 * A key reused for another request is refused, as Stripe does, instead of answering the first request's outcome (a
 * payment for another bundle, a message with another text). Work done before fingerprints were kept is replayed.
 */
export function assertSameRequest(earlier: { request_hash: string | null }, fingerprint: string) {
  if (earlier.request_hash !== null && earlier.request_hash !== fingerprint)
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used for another request; send a new key",
    );
}
