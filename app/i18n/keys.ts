import type common from "./locales/en/common.json";

/** Every leaf of a nested strings object, as a dotted key. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Plural keys (`x_one`, `x_other`…) are asked for by their base name, with a count. */
type WithoutPluralSuffix<K> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

/**
 * A key of the common namespace, as English (the source of truth) has it: `t("nav.login")` with a key English
 * lacks is a type error. The other languages are held to English's keys by locales.test.ts.
 */
export type CommonKey = WithoutPluralSuffix<Leaves<typeof common>>;

/**
 * A key that arrives as data (a form error from a contract validator, a flash, a refusal reason, a profile field's
 * name): the type system cannot see it, locales.test.ts and the e2e journeys do.
 */
export function keyOf(value: string): CommonKey {
  return value as CommonKey;
}
