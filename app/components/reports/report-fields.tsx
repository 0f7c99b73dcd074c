import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { type ReportReason, reportDetailsMaxLength, reportReasons } from "../../../contract/report-values";

/** A refused form as the server answered it: translation keys per field, and what was typed. */
export interface Refusal {
  fields: Record<string, string>;
  values: Record<string, string>;
}

/** The error under a field, tied to it by `aria-describedby`. */
export function FieldMessage({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {t(keyOf(error))}
    </div>
  );
}

/** The reasons of a report as radio buttons, and its details; both keep what was typed when refused. */
export function ReasonFields({ refusal, detailsLabel }: { refusal?: Refusal; detailsLabel: string }) {
  const { t } = useTranslation();
  const chosen = refusal?.values.reason;
  const reasonError = refusal?.fields.reason;
  const detailsError = refusal?.fields.details;
  return (
    <>
      <fieldset className="mb-3" aria-describedby={reasonError ? "reason-error" : undefined}>
        <legend className="form-label fs-6">{t("report.reason")}</legend>
        {reportReasons.map((reason: ReportReason) => (
          <div className="form-check" key={reason}>
            <input
              className={`form-check-input${reasonError ? " is-invalid" : ""}`}
              type="radio"
              name="reason"
              id={`reason-${reason}`}
              value={reason}
              defaultChecked={chosen === reason}
            />
            <label className="form-check-label" htmlFor={`reason-${reason}`}>
              {t(keyOf(`report.reasons.${reason}`))}
            </label>
          </div>
        ))}
        <FieldMessage id="reason" error={reasonError} />
      </fieldset>
      <div className="mb-3">
        <label htmlFor="details" className="form-label">
          {detailsLabel}
        </label>
        <textarea
          id="details"
          name="details"
          rows={4}
          maxLength={reportDetailsMaxLength}
          defaultValue={refusal?.values.details}
          className={`form-control${detailsError ? " is-invalid" : ""}`}
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={detailsError ? "details-error" : undefined}
        />
        <FieldMessage id="details" error={detailsError} />
      </div>
    </>
  );
}

/** The message of a refusal that is about no one field. */
export function FormMessage({ refusal }: { refusal?: Refusal }) {
  const { t } = useTranslation();
  const error = refusal?.fields.form;
  if (!error) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {t(keyOf(error))}
    </div>
  );
}
