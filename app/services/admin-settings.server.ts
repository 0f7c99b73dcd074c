import { data } from "react-router";
import {
  adminBundleResponseSchema,
  adminBundlesResponseSchema,
  adminDiscountCodeResponseSchema,
  adminDiscountCodesResponseSchema,
  adminDiscountUsesResponseSchema,
  adminSettingsResponseSchema,
  adminSettingsUpdateResponseSchema,
  type SettingsGroup,
  settingsFromForm,
} from "../../contract/admin-settings";
import { ApiCallError, type CallContext, callApi } from "./api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "./api-unavailable.server";

/*
 * The web tier's calls of the admin area's settings, bundles and discount codes (issue 33). A refusal with field
 * messages comes back as `{ errors, typed }` with status 400, so that the form shows each message at its field and
 * keeps what was typed; the API being unavailable likewise, with the "try again" message; anything else is the error
 * page.
 */

export const loadSettings = (call: CallContext) =>
  callApi(call, "/admin/settings.php", { schema: adminSettingsResponseSchema });

export const loadBundles = (call: CallContext) =>
  callApi(call, "/admin/bundles.php", { schema: adminBundlesResponseSchema });

export const loadDiscountCodes = (call: CallContext) =>
  callApi(call, "/admin/discount-codes.php", { schema: adminDiscountCodesResponseSchema });

export const loadDiscountUses = (call: CallContext, id: number) =>
  callApi(call, "/admin/discount-code.php", { query: { id: String(id) }, schema: adminDiscountUsesResponseSchema });

/** The typed form, as text by field name, to show again after a refusal. */
export const typedValues = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

/**
 * A refusal naming fields becomes the form's answer (400); `intent` tells which form on the page it was. The API being
 * unavailable answers the same shape with the "try again" message under `form` (503, docs/product.md §7.3).
 */
export function refusedForm(error: unknown, form: FormData) {
  if (isApiUnavailable(error))
    return data(
      {
        errors: { form: apiUnavailableMessage } as Record<string, string>,
        typed: typedValues(form),
        intent: String(form.get("intent") ?? ""),
      },
      apiUnavailableStatus,
    );
  if (error instanceof ApiCallError && error.status < 500 && error.data.fields) {
    const errors = error.data.fields as Record<string, string>;
    return data({ errors, typed: typedValues(form), intent: String(form.get("intent") ?? "") }, { status: 400 });
  }
  throw error;
}

export const saveSettingsGroup = (call: CallContext, group: SettingsGroup, form: FormData) =>
  callApi(call, "/admin/settings.php", {
    method: "PUT",
    body: { group, values: settingsFromForm(group, (name) => form.get(name) as string | null) },
    schema: adminSettingsUpdateResponseSchema,
  });

/** A whole number as typed, or the text itself, so that the API refuses it at its field. */
const numberOf = (text: FormDataEntryValue | null) => {
  const trimmed = String(text ?? "").trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** A price typed in the currency's units ("19.99" or "19,99") as cents; anything else as typed. */
export const centsOf = (text: FormDataEntryValue | null) => {
  const trimmed = String(text ?? "")
    .trim()
    .replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : trimmed;
};

export const addBundle = (call: CallContext, form: FormData) =>
  callApi(call, "/admin/bundles.php", {
    method: "POST",
    body: {
      currency: String(form.get("currency") ?? "")
        .trim()
        .toUpperCase(),
      credits: numberOf(form.get("credits")),
      price_cents: centsOf(form.get("price")),
    },
    schema: adminBundleResponseSchema,
  });

export const editBundle = (call: CallContext, form: FormData) =>
  callApi(call, "/admin/bundles.php", {
    method: "PUT",
    body: {
      id: Number(form.get("id")),
      credits: numberOf(form.get("credits")),
      price_cents: centsOf(form.get("price")),
      position: numberOf(form.get("position")),
    },
    schema: adminBundleResponseSchema,
  });

export const retireBundle = (call: CallContext, form: FormData) =>
  callApi(call, "/admin/bundle-retirement.php", {
    method: "POST",
    body: { id: Number(form.get("id")), retired: form.get("retired") === "true" },
    schema: adminBundleResponseSchema,
  });

const orNull = (text: FormDataEntryValue | null) => {
  const trimmed = String(text ?? "").trim();
  return trimmed === "" ? null : trimmed;
};

export const createDiscountCode = (call: CallContext, form: FormData) => {
  const maxUses = orNull(form.get("max_uses"));
  const country = orNull(form.get("country"));
  const currency = orNull(form.get("currency"));
  return callApi(call, "/admin/discount-codes.php", {
    method: "POST",
    body: {
      code: String(form.get("code") ?? ""),
      value_percentage: numberOf(form.get("value_percentage")),
      max_uses: maxUses === null ? null : numberOf(maxUses),
      expires: orNull(form.get("expires")),
      country: country?.toUpperCase() ?? null,
      currency: currency?.toUpperCase() ?? null,
      minimum_order_value:
        orNull(form.get("minimum_order_value")) === null ? 0 : numberOf(form.get("minimum_order_value")),
    },
    schema: adminDiscountCodeResponseSchema,
  });
};

export const disableDiscountCode = (call: CallContext, id: number) =>
  callApi(call, "/admin/discount-code-disable.php", {
    method: "POST",
    body: { id },
    schema: adminDiscountCodeResponseSchema,
  });
