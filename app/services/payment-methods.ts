import type { Translate } from "~/i18n/translator";

/** Brand names stay as their owners write them; only the generic methods are translated. */
const brands: Record<string, string> = {
  ideal: "iDEAL",
  bancontact: "Bancontact",
  blik: "BLIK",
  przelewy24: "Przelewy24",
  giropay: "giropay",
  eps: "EPS",
  sofort: "SOFORT",
  paypal: "PayPal",
  applepay: "Apple Pay",
  paysafecard: "paysafecard",
};

export function methodLabel(t: Translate, method: string): string {
  if (method === "creditcard" || method === "banktransfer" || method === "directdebit") return t(`methods.${method}`);
  return brands[method] ?? method;
}
