import { data } from "react-router";
import { appIconResponse } from "~/services/app-icons.server";
import type { Route } from "./+types/app-icon";

/** /app-icons/{192|512|maskable|share}: the installed app's icons and the share image, drawn once from the favicon. */
export async function loader({ params }: Route.LoaderArgs) {
  const icon = await appIconResponse(params.name);
  if (!icon) throw data(null, { status: 404 });
  return icon;
}
