import { callApi } from "~/services/api.server";
import { logger } from "~/services/logger.server";
import { requestInfoContext } from "~/services/request-context";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/page-hidden";

/**
 * The page-hidden beacon (docs/product.md §7.2, §7.3): the browser's navigator.sendBeacon posts here when a member's page
 * goes out of sight, and this tells the API. A beacon never reads its answer, so it is always 204: a failure is only
 * logged. A GET finds no loader and gets React Router's error answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await callApi({ request, context }, "/page-hidden.php", { method: "POST", body: {}, schema: okResponseSchema });
  } catch (error) {
    // callApi throws the API's errors, a 503 answer when it is down, and a redirect to login when the session is gone.
    const err =
      error instanceof Response
        ? `status ${error.status}`
        : error instanceof Error
          ? error.message
          : JSON.stringify(error);
    logger.warn({ reqId: context.get(requestInfoContext).requestId, err }, "page-hidden beacon not passed on");
  }
  return new Response(null, { status: 204 });
}
