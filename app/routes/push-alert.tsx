import { redirect } from "react-router";
import { dismissed, pushAlertCookie } from "~/services/cookies.server";
import type { Route } from "./+types/push-alert";

/** Closes the push-enable alert on this device: the cookie holds when (docs/product.md §3 flags). */
export function action({ request }: Route.ActionArgs) {
  return dismissed(request, pushAlertCookie);
}

export function loader() {
  return redirect("/");
}
