import { getMember } from "~/services/auth.server";
import { memberStamp } from "~/services/member-stamp.server";
import type { Route } from "./+types/member-state";

/**
 * What the poll reads first (docs/product.md §7.3): the member's stamp, or null once the session has ended. A few
 * bytes from `/api/user.php` alone, where reading the page's loaders again renders the whole root's data; the page
 * reads them only when the stamp differs from its own. Never stored by a browser or a cache: it is the member's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await getMember({ request, context });
  const body = JSON.stringify({ stamp: member ? memberStamp(member) : null });
  // Its length given, the compression middleware leaves these few bytes as they are (its threshold is 1 kB): a zlib
  // stream for each poll cost more than the rest of the answer.
  return new Response(body, {
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "private, no-store",
    },
  });
}
