import type { ApiCallError } from "./api.server";

/**
 * An API refusal as conform errors: the API's field messages (translation keys) at their fields, or one form
 * message chosen by error code, "errors.generic" when none fits.
 */
export function apiFormErrors(error: ApiCallError, messageByCode: Record<string, string> = {}) {
  const fields = (error.data.fields ?? {}) as Record<string, string>;
  const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]]));
  const formErrors = Object.keys(fields).length ? [] : [messageByCode[error.code] ?? "errors.generic"];
  return { fields, fieldErrors, formErrors };
}
