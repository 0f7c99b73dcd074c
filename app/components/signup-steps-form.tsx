import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { Form, Link } from "react-router";
import { keyOf } from "~/i18n/keys";
import { Trans } from "~/i18n/trans";
import { useTranslation } from "~/i18n/translator";
import { carriedFields, lastSignupStep, type SignupValues } from "~/services/signup-fields";
import { CheckboxField, FieldError, FormError, InputField, RadioGroup, useForm } from "./form-kit";
import { SubmitButton } from "./submit-button";

// Only invite-only sites show it, so only there does its code load (the server renders it in the page all the same).
const InviteCodeForm = lazy(() => import("./invite-code-form"));

export interface SignupFormState {
  step: number;
  values: SignupValues;
  result?: SubmissionResult<string[]>;
}

export interface SignupChoices {
  minAge: number;
  countries: readonly { code: string; name: string }[];
  regions: { country: string; code: string; name: string }[];
  inviteCode: string | null;
  /** Each step's HTML constraints, from the schemas on the server (the server validates every step). */
  constraints: ReturnType<typeof getZodConstraint>[];
}

/** A signup page's panel: why this visitor may not sign up here, or the steps of the form. */
export function SignupPanel({
  refusal,
  state,
  choices,
  action,
}: {
  refusal: string | null;
  state: SignupFormState | undefined;
  choices: SignupChoices;
  action: string;
}) {
  if (refusal) return <SignupRefusal refusal={refusal} action={action} code={choices.inviteCode} />;
  // Each step posts to the page with its invite code, so that the page after the post still lets this visitor in.
  const invite = choices.inviteCode;
  const stepAction = invite ? `${action}?invite=${encodeURIComponent(invite)}` : action;
  return (
    <div className="card card-body shadow-sm">
      <SignupStepsForm state={state ?? { step: 0, values: {} }} choices={choices} action={stepAction} />
    </div>
  );
}

/** Why this visitor may not sign up here: on an invite-only site, the invite screen that takes a code. */
export function SignupRefusal({ refusal, action, code }: { refusal: string; action: string; code: string | null }) {
  const { t } = useTranslation();
  // signup.inviteOnly and signup.inviteInvalid: an invite-only site's refusals, which its invite screen answers.
  return refusal.startsWith("signup.invite") ? (
    <Suspense>
      <InviteCodeForm refusal={refusal} action={action} code={code} />
    </Suspense>
  ) : (
    <div className="alert alert-warning" role="alert">
      {t(keyOf(refusal))}
    </div>
  );
}

/**
 * Signup steps 0 to 4 (docs/product.md §2) as one form per step. The answers of earlier steps ride along as hidden
 * fields; the same component serves the /signup page (a plain post) and the signup modal (a fetcher).
 */
export function SignupStepsForm({
  state,
  choices,
  action,
  FormComponent = Form,
  busy,
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
  const latestBirth = new Date(
    Date.UTC(today.getUTCFullYear() - choices.minAge, today.getUTCMonth(), today.getUTCDate()),
  )
    .toISOString()
    .slice(0, 10);

  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="signup-steps">
      <p className="small text-body-secondary mb-1">
        {t("signup.progress", { step: step + 1, total: lastSignupStep + 1 })}
      </p>
      <div className="progress mb-3" role="presentation">
        <div className={`progress-bar signup-progress-${step}`} />
      </div>
      <h2 className="h4 mb-3">{t(keyOf(`signup.steps.${step}`))}</h2>
      <FormError form={form} />
      <input type="hidden" name="step" value={step} />
      {hiddenFields.map((field) =>
        values[field] ? <input key={field} type="hidden" name={field} value={values[field]} /> : null,
      )}
      {choices.inviteCode && !values.invite_code && (
        <input type="hidden" name="invite_code" value={choices.inviteCode} />
      )}

      {step === 0 && (
        <>
          <RadioGroup
            field={fields.gender}
            legend={t("signup.gender")}
            options={(["male", "female"] as const).map((value) => ({ value, label: t(`signup.genders.${value}`) }))}
          />
          <RadioGroup
            field={fields.seeking}
            legend={t("signup.seeking")}
            options={(["male", "female", "both"] as const).map((value) => ({
              value,
              label: t(`signup.seekingOptions.${value}`),
            }))}
          />
        </>
      )}

      {step === 1 && (
        <InputField
          field={fields.date_of_birth}
          label="signup.dateOfBirth"
          type="date"
          max={latestBirth}
          min="1900-01-01"
          hint={t("signup.minAgeHint", { count: choices.minAge })}
        />
      )}

      {step === 2 && (
        <>
          <div className="mb-3">
            <label htmlFor={fields.country.id} className="form-label">
              {t("signup.country")}
            </label>
            <select
              {...getSelectProps(fields.country)}
              className={`form-select${fields.country.errors ? " is-invalid" : ""}`}
            >
              <option value="">{t("signup.choose")}</option>
              {choices.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            <FieldError field={fields.country} />
          </div>
          <div className="mb-3">
            <label htmlFor={fields.region.id} className="form-label">
              {t("signup.region")}
            </label>
            <select
              {...getSelectProps(fields.region)}
              className={`form-select${fields.region.errors ? " is-invalid" : ""}`}
            >
              <option value="">{t("signup.optional")}</option>
              {choices.countries.map((c) => (
                <optgroup key={c.code} label={c.name}>
                  {choices.regions
                    .filter((r) => r.country === c.code)
                    .map((r) => (
                      <option key={r.code} value={r.code}>
                        {r.name}
                      </option>
                    ))}
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
          <InputField
            field={fields.name}
            label="signup.name"
            type="text"
            autoComplete="nickname"
            hint={t("signup.nameHint")}
          />
          <div className="mb-3">
            <label htmlFor={fields.signup_message.id} className="form-label">
              {t("signup.message")}
            </label>
            <textarea
              {...getTextareaProps(fields.signup_message)}
              rows={3}
              className={`form-control${fields.signup_message.errors ? " is-invalid" : ""}`}
            />
            <FieldError field={fields.signup_message} />
          </div>
        </>
      )}

      {step === 4 && (
        <>
          <InputField field={fields.email} label="signup.email" type="email" autoComplete="email" />
          <InputField
            field={fields.password}
            label="signup.password"
            type="password"
            autoComplete="new-password"
            hint={t("signup.passwordHint")}
          />
          <CheckboxField
            field={fields.terms}
            label={
              <Trans
                i18nKey="signup.termsConsent"
                values={{ count: choices.minAge }}
                components={{
                  terms: <Link to="/pages/terms" target="_blank" />,
                  privacy: <Link to="/pages/privacy" target="_blank" />,
                }}
              />
            }
          />
        </>
      )}

      <div className="d-flex gap-2">
        {step > 0 && (
          <SubmitButton name="intent" value="back" formNoValidate className="btn btn-outline-dark">
            {t("signup.back")}
          </SubmitButton>
        )}
        <SubmitButton className="btn btn-primary flex-grow-1" busy={busy}>
          {step === lastSignupStep ? t("signup.create") : t("signup.next")}
        </SubmitButton>
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
