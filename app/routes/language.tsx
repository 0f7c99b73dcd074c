import { redirect } from "react-router";
import { flashWhenApiUnavailable } from "~/services/api-unavailable.server";
import { safeRedirect } from "~/services/auth.server";
import { chooseLanguage } from "~/services/language.server";
import { isLocale } from "../../contract/locales";
import type { Route } from "./+types/language";

/**
 * Sets the language cookie (365 days), and the member's language when logged in; then back to the page. When the
 * member's language cannot be stored (the API is unavailable), nothing changes and the page says "try again"
 * (docs/product.md §7.3).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = safeRedirect(form.get("redirectTo"))
    .replace(/([?&])lng=[^&]*&?/, "$1")
    .replace(/[?&]$/, "");
  if (!isLocale(language)) return redirect(back);
  return flashWhenApiUnavailable(request, back, async () =>
    redirect(back, { headers: { "Set-Cookie": await chooseLanguage({ request, context }, language) } }),
  );
}

export function loader() {
  return redirect("/");
}
