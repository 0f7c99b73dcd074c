import { ApiUnavailable } from "./api.server";
import { redirectWithFlash } from "./flash.server";

/** The form message when the API gave no answer after the retries (docs/product.md §7.3). */
export const apiUnavailableMessage = "errors.apiUnavailable" as const;

/** Whether a caught error is the API being unavailable, which a form action answers with its form again. */
export function isApiUnavailable(error: unknown): error is ApiUnavailable {
  return error instanceof ApiUnavailable;
}

/**
 * A conform submission answered again during an API outage: what was typed (never the `hideFields`, the passwords)
 * and the "try again" message at the form, in place of the 503 page (docs/product.md §7.3).
 */
export function apiUnavailableReply<R>(
  submission: { reply: (options: { formErrors: string[]; hideFields?: string[] }) => R },
  hideFields: string[] = [],
): R {
  return submission.reply({ formErrors: [apiUnavailableMessage], hideFields });
}

/** The status of a form answered again because the API is unavailable. */
export const apiUnavailableStatus = { status: 503 } as const;

/** The form messages that say "try again in a moment": the API, or the mail it sends, was unavailable. */
const tryAgainMessages = new Set<string>([apiUnavailableMessage, "report.mailFailed"]);

/**
 * The status of a form answered again with `formMessage` at the form: a 503 when it says to try again in a moment,
 * so that scripts and monitors see an outage as every outage answer shows it; else a 400, the input refused.
 */
export const refusalStatus = (formMessage: string | undefined) =>
  formMessage !== undefined && tryAgainMessages.has(formMessage) ? apiUnavailableStatus : ({ status: 400 } as const);

/**
 * A form that is only a button (like, block, a swipe) posted during an API outage: back to the page it was on with
 * the "try again" message as a flash, rendered from the page's answers of a moment ago (docs/product.md §7.3).
 */
export async function flashWhenApiUnavailable<T>(request: Request, back: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    return redirectWithFlash(request, back, { message: apiUnavailableMessage, tone: "danger" });
  }
}
