import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import type { SecondFactorStatus } from "../../contract/staff";

/**
 * The staff's second factor forms (docs/product.md §6.9), shared by /admin and /moderation/second-factor: the set-up
 * (QR code drawn on the server, the key as text, the app's first code), the code asked once per session, and the
 * recovery codes shown once. Plain posts to `action`: no JavaScript needed.
 */
export function SecondFactorSetup({
  setup,
  intro,
  action,
  error,
}: {
  setup: NonNullable<SecondFactorStatus["setup"]>;
  intro: string;
  action: string;
  /** The translation key of what is wrong with the code just given (refused, or the API unavailable), else null. */
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="setup-title" className="col-lg-8">
      <h2 id="setup-title" className="h5">
        {t("admin.setupTitle")}
      </h2>
      <p>{intro}</p>
      <div
        className="admin-qr border rounded p-2 mb-3"
        role="img"
        aria-label={t("admin.qrAlt")}
        // Drawn by the API from the otpauth address (qrcode's SVG): no script, no outside image.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is the server's own drawing
        dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
      />
      <p className="mb-1">{t("admin.secretLabel")}</p>
      <p>
        <code className="admin-code" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <CodeForm action={action} label={t("admin.codeLabel")} submit={t("admin.confirm")} error={error} digitsOnly />
    </section>
  );
}

export function SecondFactorCode({
  intro,
  action,
  error,
  next,
}: {
  intro: string;
  action: string;
  error: string | null;
  /** Where to go once the code is taken. */
  next?: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="verify-title" className="col-lg-6">
      <h2 id="verify-title" className="h5">
        {t("admin.verifyTitle")}
      </h2>
      <p>{intro}</p>
      <CodeForm
        action={action}
        label={t("admin.verifyCodeLabel")}
        submit={t("admin.verify")}
        error={error}
        next={next}
      />
    </section>
  );
}

function CodeForm({
  action,
  label,
  submit,
  error,
  digitsOnly = false,
  next,
}: {
  action: string;
  label: string;
  submit: string;
  error: string | null;
  digitsOnly?: boolean;
  next?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action} className="row g-2 align-items-end" noValidate>
      {next && <input type="hidden" name="next" value={next} />}
      <div className="col-12 col-sm-6">
        <label htmlFor="admin-code" className="form-label">
          {label}
        </label>
        <input
          id="admin-code"
          name="code"
          className={`form-control${error ? " is-invalid" : ""}`}
          autoComplete="one-time-code"
          inputMode={digitsOnly ? "numeric" : undefined}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "admin-code-error" : undefined}
        />
        {error && (
          <div id="admin-code-error" className="invalid-feedback" role="alert">
            {t(keyOf(error))}
          </div>
        )}
      </div>
      <div className="col-12 col-sm-6">
        <SubmitButton className="btn btn-primary">{submit}</SubmitButton>
      </div>
    </Form>
  );
}

export function RecoveryCodes({ codes, next, nextLabel }: { codes: string[]; next: string; nextLabel: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-title" className="col-lg-6">
      <h2 id="recovery-title" className="h5">
        {t("admin.recoveryTitle")}
      </h2>
      <p>{t("admin.recoveryIntro")}</p>
      <ul className="list-unstyled row row-cols-2 g-1 font-monospace admin-code">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a href={next} className="btn btn-primary">
        {nextLabel}
      </a>
    </section>
  );
}
