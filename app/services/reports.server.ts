import { z } from "zod";
import {
  appealDecisionSchema,
  appealRequestSchema,
  appealViewSchema,
  complaintRequestSchema,
  moderationReportsResponseSchema,
  reportDecisionSchema,
  reportReceiptSchema,
  reportRequestSchema,
} from "../../contract/reports";
import { okResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiFormErrors } from "./api-form-errors.server";
import { apiUnavailableMessage, isApiUnavailable } from "./api-unavailable.server";
import { safeRedirect } from "./auth.server";
import { redirectWithFlash } from "./flash.server";

/** A refused form: a translation key per field, and what was typed, to show again. */
export interface FormRefusal {
  fields: Record<string, string>;
  values: Record<string, string>;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The fields zod refused, as translation keys (the schemas' messages are keys). */
const zodFields = (error: z.ZodError) =>
  Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));

const formRefusals: Record<string, string> = {
  not_found: "report.notFound",
  rate_limited: "report.tooMany",
  mail_failed: "report.mailFailed",
  link_invalid: "appeal.invalid",
};

/** Answers a refused call at its fields; anything else (a 5xx, a lost session) goes on to the error page. */
function refusedByApi(error: unknown, values: Record<string, string>): FormRefusal {
  // docs/product.md §7.3: an outage keeps what was typed, with the "try again" message.
  if (isApiUnavailable(error)) return { fields: { form: apiUnavailableMessage }, values };
  if (!(error instanceof ApiCallError) || error.status >= 500 || error.status === 401) throw error;
  const { fields } = apiFormErrors(error);
  const form = formRefusals[error.code] ?? "errors.generic";
  return { fields: Object.keys(fields).length ? fields : { form }, values };
}

/** The report form: the receipt as a flash on the page the member came from, or the refusal at the fields. */
export async function fileReport(call: CallContext, form: FormData) {
  const values = { reason: text(form, "reason"), details: text(form, "details") };
  const parsed = reportRequestSchema.safeParse({
    subject: text(form, "subject"),
    id: text(form, "id"),
    reason: values.reason || undefined,
    details: values.details || undefined,
  });
  if (!parsed.success) return { fields: zodFields(parsed.error), values } satisfies FormRefusal;
  try {
    const receipt = await callApi(call, "/report.php", {
      method: "POST",
      body: parsed.data,
      schema: reportReceiptSchema,
    });
    return redirectWithFlash(call.request, safeRedirect(form.get("back")), {
      message: receipt.already_reported ? "report.alreadyReported" : "report.received",
      values: { reference: receipt.reference },
    });
  } catch (error) {
    return refusedByApi(error, values);
  }
}

/** The complaints form: the reference on success (the receipt is mailed), or the refusal at the fields. */
export async function fileComplaint(call: CallContext, form: FormData, language: string) {
  const values = Object.fromEntries(
    ["email", "name", "url", "reason", "details"].map((name) => [name, text(form, name)]),
  );
  const parsed = complaintRequestSchema.safeParse({
    email: values.email,
    name: values.name || undefined,
    url: values.url || undefined,
    reason: values.reason || undefined,
    details: values.details,
    language,
  });
  if (!parsed.success) return { refusal: { fields: zodFields(parsed.error), values } satisfies FormRefusal };
  try {
    const { reference } = await callApi(call, "/complaint.php", {
      method: "POST",
      body: parsed.data,
      schema: z.object({ reference: z.string() }),
    });
    return { receipt: { reference, email: parsed.data.email } };
  } catch (error) {
    // The receipt could not be mailed (the API took the complaint back) or the API is down: the form stays filled.
    if ((error as { data?: { code?: string } } | null)?.data?.code === "api_unavailable")
      return { refusal: { fields: { form: "report.mailFailed" }, values } satisfies FormRefusal };
    return { refusal: refusedByApi(error, values) };
  }
}

export const loadReportQueue = (call: CallContext) =>
  callApi(call, "/moderation-reports.php", { schema: moderationReportsResponseSchema });

/** A moderator's decision on a report or an appeal; one taken by another moderator first is said as a flash. */
export async function decide(call: CallContext, form: FormData) {
  const appeal = form.get("intent") === "appeal";
  const values = Object.fromEntries(form.entries()) as Record<string, string>;
  const parsed = appeal
    ? appealDecisionSchema.safeParse({ ...values, explanation: values.explanation || undefined })
    : reportDecisionSchema.safeParse({
        ...values,
        reason: values.reason || undefined,
        days: values.days || undefined,
        explanation: values.explanation || undefined,
      });
  const id = Number(values.id);
  const intent = appeal ? ("appeal" as const) : ("report" as const);
  if (!parsed.success) return { id, intent, refusal: { fields: zodFields(parsed.error), values } };
  try {
    await callApi(call, appeal ? "/moderation-appeal.php" : "/moderation-report.php", {
      method: "POST",
      body: parsed.data,
      schema: okResponseSchema,
    });
  } catch (error) {
    if (error instanceof ApiCallError && (error.code === "already_decided" || error.status === 404))
      return redirectWithFlash(call.request, "/moderation", { message: "moderation.alreadyDecided", tone: "warning" });
    if (error instanceof ApiCallError && error.code === "own_decision")
      return redirectWithFlash(call.request, "/moderation", { message: "moderation.ownDecision", tone: "warning" });
    if (error instanceof ApiCallError && error.code === "own_report")
      return redirectWithFlash(call.request, "/moderation", { message: "moderation.ownReport", tone: "warning" });
    return { id, intent, refusal: refusedByApi(error, values) };
  }
  return redirectWithFlash(call.request, "/moderation", { message: "moderation.decided" });
}

/** The decision an appeal link is about; null when the link is not valid. */
export async function loadAppeal(call: CallContext, token: string) {
  try {
    return await callApi(call, `/appeal.php?token=${encodeURIComponent(token)}`, { schema: appealViewSchema });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** The appeal form: done, or the refusal at the text field. */
export async function fileAppeal(call: CallContext, form: FormData) {
  const values = { text: text(form, "text") };
  const parsed = appealRequestSchema.safeParse({ token: text(form, "token"), text: values.text });
  if (!parsed.success) return { refusal: { fields: zodFields(parsed.error), values } satisfies FormRefusal };
  try {
    await callApi(call, "/appeal.php", { method: "POST", body: parsed.data, schema: okResponseSchema });
    return { appealed: true as const };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "already_appealed") return { appealed: true as const };
    return { refusal: refusedByApi(error, values) };
  }
}
