import {
  memberActionSchema,
  memberActions,
  memberCreditsResponseSchema,
  memberCreditsSchema,
  memberDetailSchema,
  memberSearchResponseSchema,
} from "../../contract/admin-members";
import { okResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiFormErrors } from "./api-form-errors.server";
import { apiUnavailableMessage, isApiUnavailable } from "./api-unavailable.server";
import { redirectWithFlash } from "./flash.server";

/** The admin's members section (issue 33): the web tier's calls and its forms' handling. */

export const searchMembers = (call: CallContext, q: string, page: number) =>
  callApi(call, "/admin/members.php", { query: { q, page: String(page) }, schema: memberSearchResponseSchema });

export const memberDetail = (call: CallContext, id: number) =>
  callApi(call, "/admin/member.php", { query: { id: String(id) }, schema: memberDetailSchema });

/** A refused form: which form (its intent), a translation key per field (`form` for the form's own), what was typed. */
export interface MemberFormRefusal {
  intent: string;
  fields: Record<string, string>;
  values: Record<string, string>;
  /** The action needs the second factor again: the page links to the confirmation and back. */
  stepUp?: boolean;
}

const refusalsByCode: Record<string, string> = {
  not_found: "admin.members.notFound",
  rate_limited: "admin.members.tooManyMails",
  mail_failed: "errors.generic",
  idempotency_key_reused: "errors.generic",
};

/**
 * Handles one of the member page's forms (an `intent` per action, `credits` for the credits), each a plain post:
 * the API validates with the contract's schema and answers translation keys per field; on success, back to the
 * member's page with a flash.
 */
export async function handleMemberForm(call: CallContext, memberId: number, form: FormData) {
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const intent = values.intent ?? "";
  const here = `/admin/members/${memberId}`;
  const refuse = (fields: Record<string, string>, stepUp = false): MemberFormRefusal => ({
    intent,
    fields,
    values,
    stepUp,
  });
  try {
    if (intent === "credits") {
      const parsed = memberCreditsSchema.safeParse({ ...values, id: memberId });
      if (!parsed.success) return refuse(zodFields(parsed.error.issues));
      const moved = await callApi(call, "/admin/member-credits.php", {
        method: "POST",
        body: parsed.data,
        // The form's key, made when the page was drawn: a double submit moves credits once.
        idempotencyKey: values.key,
        schema: memberCreditsResponseSchema,
      });
      if (!moved.applied) return refuse({ amount: "admin.members.notEnoughCredits" });
      return redirectWithFlash(call.request, here, { message: "admin.members.creditsMoved" });
    }
    if (!(memberActions as readonly string[]).includes(intent)) return refuse({ form: "errors.generic" });
    const parsed = memberActionSchema.safeParse({
      ...values,
      id: memberId,
      action: intent,
      until: values.until || undefined,
    });
    if (!parsed.success) return refuse(zodFields(parsed.error.issues));
    await callApi(call, "/admin/member-action.php", { method: "POST", body: parsed.data, schema: okResponseSchema });
    return redirectWithFlash(call.request, here, { message: "admin.members.done" });
  } catch (error) {
    // docs/product.md §7.3: the form again with what was typed and "try again".
    if (isApiUnavailable(error)) return refuse({ form: apiUnavailableMessage });
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    if (error.code === "step_up_required") return refuse({}, true);
    const { fields } = apiFormErrors(error);
    return refuse(Object.keys(fields).length ? fields : { form: refusalsByCode[error.code] ?? "errors.generic" });
  }
}

const zodFields = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
