import { data } from "react-router";
import {
  enrolmentResponseSchema,
  isModerator,
  type SecondFactorStatus,
  secondFactorStatusSchema,
} from "../../contract/staff";
import { okResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiUnavailableMessage, isApiUnavailable } from "./api-unavailable.server";
import { requireMember } from "./auth.server";

/**
 * The admin's second factor, or the 404 page for anyone who is not an admin (issue 33: the admin area is not there
 * for them); the API checks the role again on every call.
 */
export async function requireAdmin(call: CallContext): Promise<SecondFactorStatus> {
  await requireMember(call);
  const status = await callApi(call, "/staff/second-factor.php", { schema: secondFactorStatusSchema }).catch(
    (error) => {
      if (error instanceof ApiCallError && error.code === "staff_only") throw data(null, { status: 404 });
      throw error;
    },
  );
  if (status.role !== "admin") throw data(null, { status: 404 });
  return status;
}

/**
 * A refused code, or the API being unavailable (docs/product.md §7.3), is said beside its field as a translation key;
 * anything else is an error page. The code is a one-time password: like a password, it is never sent back.
 */
const refusedCode = (error: unknown) => {
  if (error instanceof ApiCallError && error.code === "code_invalid") return { codeError: "admin.codeInvalid" };
  if (isApiUnavailable(error)) return { codeError: apiUnavailableMessage };
  throw error;
};

export const enrolTotp = (call: CallContext, code: string) =>
  callApi(call, "/staff/totp-enrolment.php", { method: "POST", body: { code }, schema: enrolmentResponseSchema }).catch(
    refusedCode,
  );

export const giveSecondFactor = (call: CallContext, code: string) =>
  callApi(call, "/staff/second-factor.php", { method: "POST", body: { code }, schema: okResponseSchema }).catch(
    refusedCode,
  );

/**
 * A staff member's second factor, for /moderation (moderators and admins, docs/product.md §6.1); anyone else gets
 * the 404 page.
 */
export async function requireModeratorSecondFactor(call: CallContext): Promise<SecondFactorStatus> {
  const member = await requireMember(call);
  if (!member.moderator) throw data(null, { status: 404 });
  return callApi(call, "/staff/second-factor.php", { schema: secondFactorStatusSchema });
}

/**
 * Whether /moderation must ask for the code first (§6.9): a moderator who set TOTP up gives it once per session;
 * an admin always needs it.
 */
export const moderationNeedsCode = (status: SecondFactorStatus) =>
  isModerator(status.role) && (status.role === "admin" || status.enrolled) && !status.verified;

/**
 * The step-up (docs/product.md §6.9): the password or a code renews the session's second factor for ten minutes.
 * A refusal, or the API being unavailable, answers the translation key to show at its field.
 */
export async function stepUp(
  call: CallContext,
  body: { password: string } | { code: string },
): Promise<{ ok: true } | { field: "password" | "code"; error: string }> {
  const field = "password" in body ? "password" : "code";
  try {
    await callApi(call, "/staff/step-up.php", { method: "POST", body, schema: okResponseSchema });
    return { ok: true };
  } catch (error) {
    if (isApiUnavailable(error)) return { field, error: apiUnavailableMessage };
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    const fields = error.data.fields as Record<string, string> | undefined;
    const message =
      fields?.[field] ??
      (error.code === "rate_limited"
        ? "login.rateLimited"
        : error.code === "second_factor_required"
          ? "admin.stepUp.codeFirst"
          : field === "password"
            ? "admin.stepUp.passwordRequired"
            : "admin.stepUp.codeRequired");
    return { field, error: message };
  }
}
