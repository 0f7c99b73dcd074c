import { data } from "react-router";
import { enrolmentResponseSchema, type SecondFactorStatus, secondFactorStatusSchema } from "../../contract/staff";
import { okResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
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

/** A refused code is said beside its field; anything else is an error page. */
const refusedCode = (error: unknown) => {
  if (error instanceof ApiCallError && error.code === "code_invalid") return { codeInvalid: true as const };
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
