/** Country names in the member's language, for forms and profiles. */
export function countryNamer(locale: string) {
  // Norwegian's display names are filed under Bokmål.
  const names = new Intl.DisplayNames([locale === "no" ? "nb" : locale], { type: "region" });
  return (code: string) => names.of(code) ?? code;
}

/**
 * The site's countries for a dropdown, named and sorted in the member's language: its collation, not code points
 * (Swedish puts Å, Ä, Ö after Z, German among the A and O; Polish sorts Ł after L).
 */
export function countryOptions(locale: string, codes: readonly string[]) {
  const name = countryNamer(locale);
  return sortByName(
    locale,
    codes.map((code) => ({ code, name: name(code) })),
  );
}

/** Items sorted by name with the member's language's collation. */
export function sortByName<T extends { name: string }>(locale: string, items: T[]): T[] {
  const { compare } = new Intl.Collator(locale);
  return items.sort((a, b) => compare(a.name, b.name));
}
