import type { Endpoint } from "../../contract/endpoints";
import { isModerator } from "../../contract/staff";
import { ApiError } from "../errors";
import type { ApiLocals } from "./locals";

/**
 * The role check of every staff endpoint (`staff` in contract/endpoints.ts), made before its body is read: 401
 * without a session, 403 for a member of another role, and for admin endpoints 403 until the session has given
 * the second factor (issue 33: an admin without TOTP can only set it up).
 */
export function requireStaff(level: NonNullable<Endpoint["staff"]>, { member }: Pick<ApiLocals, "member">) {
  if (!member)
    throw new ApiError(401, "authentication_required", "Authentication required", { authentication_required: true });
  if (level === "staff" && !isModerator(member.role)) throw new ApiError(403, "staff_only", "This is for staff only");
  if (level === "admin") {
    if (member.role !== "admin") throw new ApiError(403, "admin_only", "This is for administrators only");
    if (!member.totp_secret || !member.session_second_factor_at)
      throw new ApiError(403, "second_factor_required", "Give your second factor first");
  }
}
