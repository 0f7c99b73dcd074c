/** The order i18next gives plural suffixes in (`_zero` … `_other`). */
export const pluralOrder = ["zero", "one", "two", "few", "many", "other"];

/** A language's CLDR plural categories, as i18next finds them with Intl.PluralRules, in i18next's order. */
export function pluralCategories(locale: string): string[] {
  return new Intl.PluralRules(locale)
    .resolvedOptions()
    .pluralCategories.slice()
    .sort((a, b) => pluralOrder.indexOf(a) - pluralOrder.indexOf(b));
}

/** A plural key's suffix: `_one`, `_few`… */
export const pluralSuffix = /_(zero|one|two|few|many|other)$/;
