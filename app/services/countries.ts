// Intl's display names and collators are costly to make (ICU data per language) and never change: one per language.
const displayNames = new Map<string, Intl.DisplayNames>();
const collators = new Map<string, Intl.Collator>();
/** The sorted option lists made so far, by language and country list: a few per site, read by most member pages. */
const optionLists = new Map<string, readonly CountryOption[]>();

export interface CountryOption {
  code: string;
  name: string;
}

/** Country names in the member's language, for forms and profiles. */
export function countryNamer(locale: string) {
  let names = displayNames.get(locale);
  if (!names) {
    // Norwegian's display names are filed under Bokmål.
    names = new Intl.DisplayNames([locale === "no" ? "nb" : locale], { type: "region" });
    displayNames.set(locale, names);
  }
  const known = names;
  return (code: string) => known.of(code) ?? code;
}

/**
 * The site's countries for a dropdown, named and sorted in the member's language: its collation, not code points
 * (Swedish puts Å, Ä, Ö after Z, German among the A and O; Polish sorts Ł after L).
 */
export function countryOptions(locale: string, codes: readonly string[]): readonly CountryOption[] {
  const key = `${locale}:${codes.join(",")}`;
  let options = optionLists.get(key);
  if (!options) {
    const name = countryNamer(locale);
    options = Object.freeze(
      sortByName(
        locale,
        codes.map((code) => ({ code, name: name(code) })),
      ),
    );
    // A site's countries change seldom; a list no longer asked for is simply never read again.
    if (optionLists.size > 200) optionLists.clear();
    optionLists.set(key, options);
  }
  return options;
}

/** Items sorted by name with the member's language's collation. */
export function sortByName<T extends { name: string }>(locale: string, items: T[]): T[] {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  const { compare } = collator;
  return items.sort((a, b) => compare(a.name, b.name));
}
