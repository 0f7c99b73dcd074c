import { redirect } from "react-router";
import { safeRedirect } from "~/services/auth.server";
import { chooseLanguage } from "~/services/language.server";
import { isLocale } from "../../contract/locales";
import type { Route } from "./+types/language";

/** Sets the language cookie (365 days), and the member's language when logged in; then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = safeRedirect(form.get("redirectTo"))
    .replace(/([?&])lng=[^&]*&?/, "$1")
    .replace(/[?&]$/, "");
  if (!isLocale(language)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await chooseLanguage({ request, context }, language) } });
}

export function loader() {
  return redirect("/");
}
