import { redirect } from "react-router";
import { safeRedirect } from "~/services/auth.server";
import { cookieOptions, entryWarningCookie } from "~/services/cookies.server";
import type { Route } from "./+types/entry-warning";

/** Skips the entry warning: the cookie holds when it was skipped (docs/product.md §9). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await entryWarningCookie.serialize(new Date().toISOString(), cookieOptions(request)) },
  });
}

export function loader() {
  return redirect("/");
}
