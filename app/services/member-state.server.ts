import type { RouterContextProvider } from "react-router";
import { ApiCallError } from "./api.server";
import { getMember } from "./auth.server";
import { memberStamp } from "./member-stamp.server";
import { requestInfoContext } from "./request-context";

/** What `/member-state` answers: a JSON body, and the cookies the API asked to set (an ended session's, expired). */
export interface MemberStateAnswer {
  body: string;
  setCookies: string[];
}

/**
 * What the poll reads first (docs/product.md §7.3): the member's stamp, or null once the session has ended. A few
 * bytes from `/api/user.php` alone. server.ts answers it before React Router, whose matching and root middleware
 * (settings, language, tracking) cost as much again as this and tell the poll nothing. Null when no site answers for
 * the request's host.
 */
export async function memberState(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<MemberStateAnswer | null> {
  try {
    const member = await getMember({ request, context });
    return {
      body: JSON.stringify({ stamp: member ? memberStamp(member) : null }),
      setCookies: context.get(requestInfoContext).setCookies,
    };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "site_not_found") return null;
    throw error;
  }
}
