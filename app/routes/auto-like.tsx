import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { autoLikeResponseSchema } from "../../contract/members";
import type { Route } from "./+types/auto-like";

/** The auto-like notice's data (docs/product.md §7 GET /api/auto-like.php), for the browser's fetcher. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  return callApi(call, "/auto-like.php", { schema: autoLikeResponseSchema });
}
