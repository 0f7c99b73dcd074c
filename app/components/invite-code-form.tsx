import { useTranslation } from "~/i18n/translator";

/**
 * The invite-only screen (docs/product.md §2.12): says that the site is invite-only and takes the code of the
 * invitation. A plain GET of the signup page with `?invite=`, as the invitation's link is (a document navigation, from
 * the modal too), so it needs no JavaScript; the page shows the signup form only for an unused code of the site, and
 * says so at the field otherwise.
 */
export default function InviteCodeForm({
  refusal,
  action,
  code,
}: {
  refusal: string;
  action: string;
  code: string | null;
}) {
  const { t } = useTranslation();
  const invalid = refusal === "signup.inviteInvalid";
  return (
    <form method="get" action={action} className="card card-body shadow-sm">
      <p className="mb-2">{t("signup.inviteOnly")}</p>
      <p className="text-body-secondary">{t("signup.inviteHint")}</p>
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
          className={invalid ? "form-control is-invalid" : "form-control"}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "invite-code-error" : undefined}
        />
        {invalid && (
          <div id="invite-code-error" className="invalid-feedback" role="alert">
            {t("signup.inviteInvalid")}
          </div>
        )}
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          {t("signup.next")}
        </button>
      </div>
    </form>
  );
}
