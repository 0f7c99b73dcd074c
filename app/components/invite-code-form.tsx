import { Form } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { SubmitButton } from "./submit-button";

/** The refusals of an invite-only site that its invite screen answers, rather than a dead end. */
export const isInviteRefusal = (refusal: string | null) =>
  refusal === "signup.inviteOnly" || refusal === "signup.inviteInvalid";

/**
 * The invite-only screen (docs/product.md §2.12): says that the site is invite-only and takes the code of the
 * invitation. A plain GET of the signup page with `?invite=`, as the invitation's link is, so it needs no JavaScript;
 * the page shows the signup form only for an unused code of the site, and says so at the field otherwise.
 */
export function InviteCodeForm({
  refusal,
  action,
  code,
  reloadDocument,
}: {
  refusal: string;
  action: string;
  code: string | null;
  /** From the signup modal: the page it opens is the /signup page itself. */
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation();
  const invalid = refusal === "signup.inviteInvalid";
  return (
    <div className="card card-body shadow-sm">
      <p className="mb-2">{t("signup.inviteOnly")}</p>
      <p className="text-body-secondary">{t("signup.inviteHint")}</p>
      <Form method="get" action={action} reloadDocument={reloadDocument}>
        <div className="mb-3">
          <label htmlFor="invite-code" className="form-label">
            {t("signup.inviteCode")}
          </label>
          <input
            id="invite-code"
            name="invite"
            required
            maxLength={40}
            autoComplete="off"
            defaultValue={code ?? ""}
            className={`form-control${invalid ? " is-invalid" : ""}`}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? "invite-code-error" : undefined}
          />
          {invalid && (
            <div id="invite-code-error" className="invalid-feedback" role="alert">
              {t("signup.inviteInvalid")}
            </div>
          )}
        </div>
        <SubmitButton>{t("signup.next")}</SubmitButton>
      </Form>
    </div>
  );
}
