import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { okResponseSchema } from "../../contract/user";
import { callApi } from "~/services/api.server";
import { redirectWithFlash } from "~/services/flash.server";

/** Logs out by the API (which clears its cookie) and says so on the home page. A GET only goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  await callApi({ request, context }, "/logout.php", { method: "POST", schema: okResponseSchema });
  return redirectWithFlash(request, "/", { message: "flash.loggedOut", tone: "info" });
}

export function loader() {
  return redirect("/");
}
