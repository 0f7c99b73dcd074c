import { Form } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { type Locale, languageNames } from "../../contract/locales";
import { Icon } from "./icons";
import { ReturnHere } from "./return-here";
import { SubmitButton } from "./submit-button";

/**
 * The language dropdown (docs/product.md §2), shown when more than one language is offered. A <details> and a form of
 * buttons: it works without JavaScript; the document reloads so the new language's strings come with it.
 */
export function LanguageMenu({ languages, current }: { languages: Locale[]; current: Locale }) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <details className="dropdown language-menu" name="top-bar-menu">
      {/* Named by its content, so the name starts with the visible code ("EN Choose your language"; WCAG 2.5.3). */}
      <summary className="btn btn-link nav-link d-flex align-items-center gap-1">
        <Icon name="globe" />
        <span className="text-uppercase small d-none d-sm-inline">{current}</span>
        <span className="visually-hidden">{t("language.choose")}</span>
      </summary>
      <Form method="post" action="/language" reloadDocument className="dropdown-menu dropdown-menu-end show-when-open">
        <ReturnHere />
        {languages.map((code) => (
          <SubmitButton
            key={code}
            name="language"
            value={code}
            lang={code}
            className={`dropdown-item${code === current ? " active" : ""}`}
            aria-current={code === current ? "true" : undefined}
          >
            {languageNames[code]}
          </SubmitButton>
        ))}
      </Form>
    </details>
  );
}
