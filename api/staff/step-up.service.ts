import type { z } from "zod";
import type { stepUpSchema } from "../../contract/staff";
import type { SessionMember } from "../accounts/accounts.service";
import { checkPassword, guardedCheck, type PasswordAttempt } from "../accounts/login-guard";
import { nowIso } from "../db/database";
import { ApiError } from "../errors";
import { markSessionVerified } from "./second-factor.repository";
import { codeAccepted } from "./second-factor.service";
import type { SecretBox } from "./secret-box";

const wrongPassword = () =>
  new ApiError(400, "wrong_password", "Please check your password.", {
    fields: { password: "admin.stepUp.passwordWrong" },
  });
const wrongCode = () =>
  new ApiError(400, "code_invalid", "This code is not valid", { fields: { code: "admin.stepUp.codeWrong" } });

/**
 * POST staff/step-up.php (docs/product.md §6.9): the password or a code from the app renews this session's second
 * factor, so the sensitive actions (api/http/step-up.ts) are open for ten more minutes. Both count toward the
 * account's lockout as a login's password does. The password only renews: a session that has not given its second
 * factor yet must give a code, else the password alone would make a new login staff-capable.
 */
export async function stepUp(
  attempt: PasswordAttempt,
  box: SecretBox,
  member: SessionMember,
  body: z.infer<typeof stepUpSchema>,
) {
  if (body.password !== undefined) {
    if (!member.session_second_factor_at)
      throw new ApiError(403, "second_factor_required", "Give your second factor first");
    await checkPassword(attempt, member, body.password, wrongPassword, "password");
  } else {
    if (!member.totp_secret) throw new ApiError(403, "not_enrolled", "The second factor is not set up yet");
    await guardedCheck(
      attempt,
      { userId: member.id },
      () => codeAccepted(attempt.db, box, member, body.code ?? ""),
      wrongCode,
      "code",
    );
  }
  await markSessionVerified(attempt.db, member.session_id, nowIso());
  return { ok: true as const };
}
