import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Trans } from "../i18n/trans";
import { useTranslation } from "../i18n/translator";
import { carriedFields, lastSignupStep, type SignupValues } from "../services/signup-fields";
import { FieldError, InputField } from "./form-kit";

export interface SignupFormState {
  step: number;
  values: SignupValues;
  result?: SubmissionResult<string[]>;
}

export interface SignupChoices {
  minAge: number;
  countries: { code: string; name: string }[];
  regions: { country: string; code: string; name: string }[];
  inviteCode: string | null;
  /** Each step's HTML constraints, from the schemas on the server (the server validates every step). */
  constraints: ReturnType<typeof getZodConstraint>[];
}

/**
 * Signup steps 0 to 4 (SPEC §2) as one form per step. The answers of earlier steps ride along as hidden
 * fields; the same component serves the /signup page (a plain post) and the signup modal (a fetcher).
 */
export function SignupStepsForm({
  state, choices, action, FormComponent = Form, busy = false,
}: {
  state: SignupFormState;
  choices: SignupChoices;
  action: string;
  FormComponent?: typeof Form;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const { step, values } = state;
  const [form, fields] = useForm<SignupValues & { email?: string; password?: string; terms?: string }>({
    id: `signup-step-${step}`,
    lastResult: state.result,
    defaultValue: values,
    constraint: choices.constraints[step],
  });
  const hiddenFields = carriedFields.filter((field) => !stepFields[step]!.includes(field));
  const today = new Date();
  const latestBirth = new Date(Date.UTC(today.getUTCFullYear() - choices.minAge, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);

  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="signup-steps">
      <p className="small text-body-secondary mb-1">{t("signup.progress", { step: step + 1, total: lastSignupStep + 1 })}</p>
      <div className="progress mb-3" role="presentation">
        <div className={`progress-bar signup-progress-${step}`} />
      </div>
      <h2 className="h4 mb-3">{t(`signup.steps.${step}`)}</h2>
      {form.errors?.length ? <div className="alert alert-danger" role="alert" id={form.errorId}>{t(form.errors[0]!)}</div> : null}
      <input type="hidden" name="step" value={step} />
      {hiddenFields.map((field) => (values[field] ? <input key={field} type="hidden" name={field} value={values[field]} /> : null))}
      {choices.inviteCode && !values.invite_code && <input type="hidden" name="invite_code" value={choices.inviteCode} />}

      {step === 0 && (
        <>
          <fieldset className="mb-3" aria-describedby={fields.gender.errors ? fields.gender.errorId : undefined}>
            <legend className="form-label fs-6">{t("signup.gender")}</legend>
            {getCollectionProps(fields.gender, { type: "radio", options: ["male", "female"] }).map((props) => (
              <div className="form-check form-check-inline" key={props.key}>
                <input {...props} key={props.key} className="form-check-input" />
                <label htmlFor={props.id} className="form-check-label">{t(`signup.genders.${props.value}`)}</label>
              </div>
            ))}
            <FieldError field={fields.gender} />
          </fieldset>
          <fieldset className="mb-3" aria-describedby={fields.seeking.errors ? fields.seeking.errorId : undefined}>
            <legend className="form-label fs-6">{t("signup.seeking")}</legend>
            {getCollectionProps(fields.seeking, { type: "radio", options: ["male", "female", "both"] }).map((props) => (
              <div className="form-check form-check-inline" key={props.key}>
                <input {...props} key={props.key} className="form-check-input" />
                <label htmlFor={props.id} className="form-check-label">{t(`signup.seekingOptions.${props.value}`)}</label>
              </div>
            ))}
            <FieldError field={fields.seeking} />
          </fieldset>
        </>
      )}

      {step === 1 && (
        <InputField field={fields.date_of_birth} label="signup.dateOfBirth" type="date" max={latestBirth} min="1900-01-01" hint={t("signup.minAgeHint", { count: choices.minAge })} />
      )}

      {step === 2 && (
        <>
          <div className="mb-3">
            <label htmlFor={fields.country.id} className="form-label">{t("signup.country")}</label>
            <select {...getSelectProps(fields.country)} className={`form-select${fields.country.errors ? " is-invalid" : ""}`}>
              <option value="">{t("signup.choose")}</option>
              {choices.countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
            </select>
            <FieldError field={fields.country} />
          </div>
          <div className="mb-3">
            <label htmlFor={fields.region.id} className="form-label">{t("signup.region")}</label>
            <select {...getSelectProps(fields.region)} className={`form-select${fields.region.errors ? " is-invalid" : ""}`}>
              <option value="">{t("signup.optional")}</option>
              {choices.countries.map((c) => (
                <optgroup key={c.code} label={c.name}>
                  {choices.regions.filter((r) => r.country === c.code).map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
                </optgroup>
              ))}
            </select>
            <FieldError field={fields.region} />
          </div>
          <InputField field={fields.city} label="signup.city" type="text" autoComplete="address-level2" />
        </>
      )}

      {step === 3 && (
        <>
          <InputField field={fields.name} label="signup.name" type="text" autoComplete="nickname" hint={t("signup.nameHint")} />
          <div className="mb-3">
            <label htmlFor={fields.signup_message.id} className="form-label">{t("signup.message")}</label>
            <textarea {...getTextareaProps(fields.signup_message)} rows={3} className={`form-control${fields.signup_message.errors ? " is-invalid" : ""}`} />
            <FieldError field={fields.signup_message} />
          </div>
        </>
      )}

      {step === 4 && (
        <>
          <InputField field={fields.email} label="signup.email" type="email" autoComplete="email" />
          <InputField field={fields.password} label="signup.password" type="password" autoComplete="new-password" hint={t("signup.passwordHint")} />
          <div className="form-check mb-3">
            <input {...getInputProps(fields.terms, { type: "checkbox", value: "on" })} className={`form-check-input${fields.terms.errors ? " is-invalid" : ""}`} />
            <label htmlFor={fields.terms.id} className="form-check-label">
              <Trans
                i18nKey="signup.termsConsent"
                values={{ count: choices.minAge }}
                components={{ terms: <Link to="/pages/terms" target="_blank" />, privacy: <Link to="/pages/privacy" target="_blank" /> }}
              />
            </label>
            <FieldError field={fields.terms} />
          </div>
        </>
      )}

      <div className="d-flex gap-2">
        {step > 0 && (
          <button type="submit" name="intent" value="back" formNoValidate className="btn btn-outline-dark">
            {t("signup.back")}
          </button>
        )}
        <button type="submit" className="btn btn-primary flex-grow-1" disabled={busy}>
          {step === lastSignupStep ? t("signup.create") : t("signup.next")}
        </button>
      </div>
    </FormComponent>
  );
}

/** Which carried fields each step asks itself (the rest ride along hidden). */
const stepFields: Record<number, string[]> = {
  0: ["gender", "seeking"],
  1: ["date_of_birth"],
  2: ["country", "region", "city"],
  3: ["name", "signup_message"],
  4: [],
};
