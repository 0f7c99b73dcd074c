import { redirect } from "react-router";
import { callApi } from "~/services/api.server";
import { redirectWithFlash } from "~/services/flash.server";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/logout";

/** Logs out by the API (which clears its cookie) and says so on the home page. A GET only goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  await callApi({ request, context }, "/logout.php", { method: "POST", schema: okResponseSchema });
  return redirectWithFlash(request, "/", { message: "flash.loggedOut", tone: "info" });
}

export function loader() {
  return redirect("/");
}
