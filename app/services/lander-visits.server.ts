import type { RouterContextProvider } from "react-router";
import type { LanderVisit } from "../../contract/landers";
import { okResponseSchema } from "../../contract/user";
import { callApi } from "./api.server";
import { logger } from "./logger.server";
import { requestInfoContext } from "./request-context";

/**
 * Counts a first visit to a lander (docs/product.md §3.11) through the API, without waiting for it: the page never
 * waits for the count, and a count that fails is logged, never shown.
 */
export function recordLanderVisit(request: Request, context: Readonly<RouterContextProvider>, visit: LanderVisit) {
  callApi({ request, context }, "/lander-visit.php", {
    method: "POST",
    body: visit,
    schema: okResponseSchema,
    ownCall: true,
  }).catch((error: unknown) => {
    const reqId = context.get(requestInfoContext).requestId;
    logger.warn(
      { reqId, err: error instanceof Error ? error.message : String(error), visit },
      "lander visit not counted",
    );
  });
}
