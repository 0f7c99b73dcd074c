import { data } from "react-router";
import { adminActivitySchema } from "../../contract/admin-overview";
import {
  adminPaymentDetailSchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminRefundRequestSchema,
  adminRefundResponseSchema,
} from "../../contract/admin-payments";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "./api-unavailable.server";
import { redirectWithFlash } from "./flash.server";
import { getI18n } from "./i18n.server";
import { formatMoney } from "./money";
import { requireAdmin } from "./staff.server";

/**
 * The admin area's payments and overview in the web tier (docs/product.md §6.9). Each loader first asks whether this
 * session is staff-capable: until it has given its second factor the admin frame shows the code form instead of the
 * section, and the section loads nothing.
 */
export const verifiedAdmin = async (call: CallContext) => (await requireAdmin(call)).verified;

/** The list's filters as the GET form sent them; unknown values are dropped rather than refused. */
export function paymentFilters(url: URL) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = adminPaymentsQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return adminPaymentsQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([name]) => !fields.has(name))));
}

export function listPayments(call: CallContext, filters: ReturnType<typeof paymentFilters>) {
  const query = Object.fromEntries(
    Object.entries(filters).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
  return callApi(call, "/admin/payments.php", { query, schema: adminPaymentsResponseSchema });
}

export async function paymentDetail(call: CallContext, id: number) {
  try {
    return await callApi(call, "/admin/payment.php", { query: { id: String(id) }, schema: adminPaymentDetailSchema });
  } catch (error) {
    if (error instanceof ApiCallError && (error.code === "not_found" || error.code === "validation_failed"))
      throw data(null, { status: 404 });
    throw error;
  }
}

export function activity(call: CallContext, days: number) {
  return callApi(call, "/admin/activity.php", { query: { days: String(days) }, schema: adminActivitySchema });
}

/** What a refused refund form answers: what was typed, and the message at the field or above the form. */
export interface RefundRefusal {
  reason: string;
  fieldError?: string;
  message?: string;
  /** The session must give its second factor again first (api/http/step-up.ts). */
  stepUp?: boolean;
}

const messageByCode: Record<string, string> = {
  already_returned: "admin.payments.alreadyRefunded",
  not_returnable: "admin.payments.notRefundable",
  refund_refused: "admin.payments.refused",
};

/**
 * The refund form's post: the reason checked with the API's own schema, the refund asked for under the key the page
 * was rendered with (a double submit, with or without JavaScript, refunds once), and the outcome as a flash.
 */
export async function refundPayment(call: CallContext, paymentId: number, form: FormData) {
  const reason = String(form.get("reason") ?? "");
  const key = String(form.get("key") ?? "");
  const parsed = adminRefundRequestSchema.safeParse({ payment: paymentId, reason });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === "reason");
    return data<RefundRefusal>(
      { reason, fieldError: issue?.message ?? "admin.payments.reasonRequired" },
      { status: 400 },
    );
  }
  try {
    const { refund } = await callApi(call, "/admin/refund.php", {
      method: "POST",
      body: parsed.data,
      idempotencyKey: key,
      schema: adminRefundResponseSchema,
    });
    const amount = formatMoney(getI18n(call.context).language, refund.amount);
    return redirectWithFlash(call.request, `/admin/payments/${paymentId}`, {
      message: refund.status === "refunded" ? "admin.payments.refundedFlash" : "admin.payments.pendingFlash",
      values: { amount },
    });
  } catch (error) {
    // docs/product.md §7.3: the reason stays, with "try again".
    if (isApiUnavailable(error))
      return data<RefundRefusal>({ reason, message: apiUnavailableMessage }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    if (error.code === "step_up_required") return data<RefundRefusal>({ reason, stepUp: true }, { status: 403 });
    const field = (error.data.fields as Record<string, string> | undefined)?.reason;
    if (field) return data<RefundRefusal>({ reason, fieldError: field }, { status: 400 });
    const message = messageByCode[error.code] ?? "admin.payments.providerFailed";
    return data<RefundRefusal>({ reason, message }, { status: error.status });
  }
}
