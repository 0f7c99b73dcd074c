import { redirect } from "react-router";
import { callApi } from "~/services/api.server";
import { getMember, safeRedirect } from "~/services/auth.server";
import { cookieOptions, languageCookie } from "~/services/cookies.server";
import { isLocale } from "../../contract/locales";
import { userResponseSchema } from "../../contract/user";
import type { Route } from "./+types/language";

/** Sets the language cookie (365 days), and the member's language when logged in; then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = safeRedirect(form.get("redirectTo"))
    .replace(/([?&])lng=[^&]*&?/, "$1")
    .replace(/[?&]$/, "");
  if (!isLocale(language)) return redirect(back);
  const call = { request, context };
  if (await getMember(call)) {
    await callApi(call, "/user.php", { method: "PUT", body: { language }, schema: userResponseSchema });
  }
  return redirect(back, {
    headers: { "Set-Cookie": await languageCookie.serialize(language, cookieOptions(request)) },
  });
}

export function loader() {
  return redirect("/");
}
