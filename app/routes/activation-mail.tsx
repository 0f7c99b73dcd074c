import { redirect } from "react-router";
import { ApiCallError, callApi } from "~/services/api.server";
import { flashWhenApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember, safeRedirect } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/activation-mail";

/** The reminder's "send again" button: mails the activation link once more, then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const back = safeRedirect((await request.formData()).get("redirectTo"));
  return flashWhenApiUnavailable(request, back, async () => {
    try {
      await callApi(call, "/activation-mail.php", { method: "POST", body: {}, schema: okResponseSchema });
      return redirectWithFlash(request, back, { message: "activation.sent" });
    } catch (error) {
      if (!(error instanceof ApiCallError)) throw error;
      const message = error.code === "rate_limited" ? "activation.tooMany" : "errors.generic";
      return redirectWithFlash(request, back, { message, tone: "danger" });
    }
  });
}

export function loader() {
  return redirect("/");
}
