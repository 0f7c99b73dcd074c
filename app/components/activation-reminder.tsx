import { Form, Link, useLocation, useMatches } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { SubmitButton } from "./submit-button";

// docs/product.md §4: not on the signup, settings and notifications routes.
const quietRoutes = new Set(["signup", "complete-signup", "signup-matches", "members-id-signup", "notifications"]);

/** The query flag a completed signup lands with (docs/product.md §2): on a phone, the reminder is then a modal. */
export const signupCompleteFlag = "api_signup_complete";

/**
 * The account-activation reminder (docs/product.md §2): a modal when the query flag api_signup_complete is set on a
 * smartphone, otherwise an alert; both with a button that sends the mail again. The modal is server-rendered
 * and closes with a link, so it needs no script.
 */
export function ActivationReminder({ email, isPhone }: { email: string; isPhone: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  if (matches.some((m) => quietRoutes.has(m.id))) return null;
  const params = new URLSearchParams(location.search);
  const here = location.pathname + location.search;
  const resend = (
    <Form method="post" action="/activation-mail" className="d-inline">
      <input type="hidden" name="redirectTo" value={here} />
      <SubmitButton className="btn btn-sm btn-dark">{t("activation.resend")}</SubmitButton>
    </Form>
  );
  if (isPhone && params.has(signupCompleteFlag)) {
    params.delete(signupCompleteFlag);
    const closed = location.pathname + (params.size ? `?${params}` : "");
    return (
      <div className="entry-warning" role="dialog" aria-modal="true" aria-labelledby="activation-title">
        <div className="entry-warning-card card shadow-lg">
          <div className="card-body p-4">
            <h2 id="activation-title" className="h5">
              {t("activation.reminderTitle")}
            </h2>
            <p>{t("activation.reminder", { email })}</p>
            <div className="d-flex gap-2 flex-wrap">
              {resend}
              <Link to={closed} className="btn btn-sm btn-outline-dark">
                {t("activation.close")}
              </Link>
            </div>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="container-lg mt-3">
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mb-0" role="alert">
        <span className="me-auto">{t("activation.reminder", { email })}</span>
        {resend}
      </div>
    </div>
  );
}
