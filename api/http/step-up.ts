import type { SessionMember } from "../accounts/accounts.service";
import { ApiError } from "../errors";

/** How long a given second factor (or password) covers the sensitive actions (issue 33). */
export const STEP_UP_MINUTES = 10;

/**
 * The guard of a sensitive staff action (refunds, credit grants, role changes, bans, deletion): the session must
 * have given its second factor (or the password) in the last ten minutes, else 403 `step_up_required`, and the
 * admin area asks for it and sends the action again.
 */
export function requireFreshSecondFactor(member: SessionMember, now = Date.now()): void {
  const given = member.session_second_factor_at ? Date.parse(member.session_second_factor_at) : Number.NaN;
  if (!(now - given <= STEP_UP_MINUTES * 60_000))
    throw new ApiError(403, "step_up_required", "Confirm with your password or a code from your app first");
}
