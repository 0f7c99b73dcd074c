import type { Money } from "../../contract/payments";

/** An amount as the page's language writes money: € 9,99 · £8.99 · 42,99 zł; `digits` for a price per credit. */
export function formatMoney(locale: string, { cents, currency }: Money, digits?: number): string {
  const precision = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(locale, { style: "currency", currency, ...precision }).format(cents / 100);
}

/** The price of `credits` at a bundle's price per credit, rounded up to the cent: what a paid action costs. */
export function priceOfCredits(credits: number, bundle: { credits: number; price: Money }): Money {
  return { cents: Math.ceil((bundle.price.cents * credits) / bundle.credits), currency: bundle.price.currency };
}
