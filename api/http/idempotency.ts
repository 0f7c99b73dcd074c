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
