import { redirect } from "react-router";
import { callApi } from "~/services/api.server";
import { flashWhenApiUnavailable } from "~/services/api-unavailable.server";
import { safeRedirect } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/logout";

/**
 * Logs out by the API (which clears its cookie) and says so on the home page. A GET only goes home.
 *
 * With the API unavailable the member stays logged in and is back on the page they left with "try again"
 * (docs/product.md §7.3). The session cookie is deliberately not dropped here: only the API can end the session, so a
 * cookie forgotten by this browser would leave a session that still works for anyone holding a copy, and one the
 * member could no longer end by trying again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const back = safeRedirect((await request.formData()).get("redirectTo"));
  return flashWhenApiUnavailable(request, back, async () => {
    await callApi({ request, context }, "/logout.php", { method: "POST", schema: okResponseSchema });
    return redirectWithFlash(request, "/", { message: "flash.loggedOut", tone: "info" });
  });
}

export function loader() {
  return redirect("/");
}
