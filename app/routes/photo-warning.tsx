import { redirect } from "react-router";
import { safeRedirect } from "~/services/auth.server";
import { cookieOptions, photoWarningCookie } from "~/services/cookies.server";
import type { Route } from "./+types/photo-warning";

/** Dismisses the profile-photo warning on this device: the cookie holds when (docs/product.md §3 hide-enrich-alert). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await photoWarningCookie.serialize(new Date().toISOString(), cookieOptions(request)) },
  });
}

export function loader() {
  return redirect("/");
}
