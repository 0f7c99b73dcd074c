import { useTranslation } from "~/i18n/translator";

/**
 * A member's about-me as they wrote it, marked with its language (docs/product.md §3 Profile): members' words are
 * never translated, so on a page in another language it says which language they are in ("Written in English"),
 * and `lang` lets a screen reader speak them in it.
 */
export function AboutText({ text, language, className }: { text: string; language: string; className: string }) {
  const { t, locale } = useTranslation();
  const foreign = language !== locale;
  return (
    <>
      <p className={className} lang={foreign ? language : undefined}>
        {text}
      </p>
      {foreign && (
        <p className="small text-body-secondary mb-0">
          {t("profile.writtenIn", { language: languageName(locale, language) })}
        </p>
      )}
    </>
  );
}

/** A language's name in the page's language ("anglais" on a French page), as the browser's Intl names it. */
function languageName(locale: string, language: string) {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}
