import { Form } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { ReturnHere } from "./return-here";
import { SubmitButton } from "./submit-button";

/**
 * The adult-content entry warning shown on a first visit (docs/product.md §1), with the extra Dutch or German notice.
 * Skipping it posts a form that stores a timestamped cookie, so the server renders the right page after.
 */
export function EntryWarning({
  variant,
  minAge,
  siteName,
}: {
  variant: "NL" | "DE" | null;
  minAge: number;
  siteName: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="entry-warning" role="dialog" aria-modal="true" aria-labelledby="entry-warning-title">
      <div className="entry-warning-card card shadow-lg">
        <div className="card-body p-4">
          <h2 id="entry-warning-title" className="h4 mb-3">
            {t("entryWarning.title")}
          </h2>
          <p>{t("entryWarning.body", { site: siteName, count: minAge })}</p>
          {variant === "NL" && <p className="alert alert-info small">{t("entryWarning.nl")}</p>}
          {variant === "DE" && <p className="alert alert-info small">{t("entryWarning.de")}</p>}
          <Form method="post" action="/entry-warning" className="d-flex flex-wrap gap-2">
            <ReturnHere />
            <SubmitButton className="btn btn-primary flex-grow-1">
              {t("entryWarning.enter", { count: minAge })}
            </SubmitButton>
            <a href="https://www.google.com/" className="btn btn-outline-dark flex-grow-1" rel="noreferrer">
              {t("entryWarning.leave")}
            </a>
          </Form>
        </div>
      </div>
    </div>
  );
}
