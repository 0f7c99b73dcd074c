import { data } from "react-router";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "../../contract/notifications";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/push-subscription";

/**
 * /push-subscription: the push switch of member pages (app/hooks/use-push.ts) posts this browser's subscription here
 * (intent subscribe, or unsubscribe with its endpoint; the JSON in a form field, as every post here is a form), and
 * this tells the API on the member's behalf (POST or DELETE /api/user.php?push=1). A refusal answers `{ ok: false }`, the
 * API being unavailable `{ ok: false, message }` with the "try again" message the switch shows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const form = await request.formData();
  const subscribing = form.get("intent") === "subscribe";
  let json: unknown = null;
  try {
    json = JSON.parse(String(form.get("json")));
  } catch {}
  const body = (subscribing ? pushSubscriptionSchema : pushUnsubscribeSchema).safeParse(json);
  if (!body.success) throw data(null, { status: 400 });
  try {
    await callApi(call, "/user.php?push=1", {
      method: subscribing ? "POST" : "DELETE",
      body: body.data,
      schema: okResponseSchema,
    });
    return Response.json({ ok: true });
  } catch (error) {
    if (error instanceof ApiCallError && error.status < 500) return Response.json({ ok: false }, { status: 400 });
    // docs/product.md §7.3: the switch says "try again" rather than failing without a word.
    if (isApiUnavailable(error))
      return Response.json({ ok: false, message: apiUnavailableMessage }, apiUnavailableStatus);
    throw error;
  }
}
