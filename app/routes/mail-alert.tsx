import { redirect } from "react-router";
import { dismissed, mailAlertCookie } from "~/services/cookies.server";
import type { Route } from "./+types/mail-alert";

/** Closes the alert that notification mails stopped, on this device: the cookie holds when (docs/product.md §3). */
export function action({ request }: Route.ActionArgs) {
  return dismissed(request, mailAlertCookie);
}

export function loader() {
  return redirect("/");
}
