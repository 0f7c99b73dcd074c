import { redirect } from "react-router";
import { dismissed, photoWarningCookie } from "~/services/cookies.server";
import type { Route } from "./+types/photo-warning";

/** Dismisses the profile-photo warning on this device: the cookie holds when (docs/product.md §3 hide-enrich-alert). */
export function action({ request }: Route.ActionArgs) {
  return dismissed(request, photoWarningCookie);
}

export function loader() {
  return redirect("/");
}
