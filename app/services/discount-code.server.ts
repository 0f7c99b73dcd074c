import { discountCodeResponseSchema } from "../../contract/account";
import { ApiCallError, type CallContext, callApi } from "./api.server";

/** A discount code a link carried (`?code=`), as the API judged it for an order: its percentage, or why not. */
export type CodeFromAddress =
  | { code: string; percentage: number; error: null }
  | { code: string; percentage: null; error: "checkout.codeNotFound" | "checkout.codeUsed" };

/**
 * Checks the code of a link (a mailing, a retention offer) with `GET /api/discountcode.php` (docs/product.md §7),
 * for a bundle and method when the page has them. Null when the address carries none.
 */
export async function codeFromAddress(
  call: CallContext,
  order: { bundle?: number; method?: string | null } = {},
): Promise<CodeFromAddress | null> {
  const code = new URL(call.request.url).searchParams.get("code")?.trim().toUpperCase();
  if (!code) return null;
  if (code.length > 40) return { code: code.slice(0, 40), percentage: null, error: "checkout.codeNotFound" };
  try {
    const { discountcode } = await callApi(call, "/discountcode.php", {
      query: {
        code,
        bundle: order.bundle ? String(order.bundle) : undefined,
        method: order.method ?? undefined,
      },
      schema: discountCodeResponseSchema,
    });
    return { code: discountcode.code, percentage: discountcode.value_percentage, error: null };
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.code === "discount_used") return { code, percentage: null, error: "checkout.codeUsed" };
    if (error.code === "discount_not_found") return { code, percentage: null, error: "checkout.codeNotFound" };
    throw error;
  }
}
