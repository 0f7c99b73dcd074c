import {
  type FieldMetadata,
  type FormMetadata,
  getCollectionProps,
  getInputProps,
  type SubmissionResult,
  useForm as useConformForm,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { type CommonKey, keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";

/**
 * The form kit: every form is built from these, so that each shows errors, ties them to their fields for screen
 * readers and keeps what was typed in the same way. Messages are translation keys (contract/ validators).
 */

type Field<T = string | undefined> = FieldMetadata<T, Record<string, unknown>, string[]>;
type Values = Record<string, string | string[] | number | boolean | undefined>;
type Constraints = NonNullable<Parameters<typeof useConformForm>[0]["constraint"]>;

/**
 * The one form setup. The action validates with the zod schema (conform's parseWithZod) and answers with its
 * result; the loader sends the schema's HTML constraints (getZodConstraint), so the page needs no zod in the browser
 * and the form works the same with and without JavaScript.
 */
export function useForm<V extends Values>(options: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint: Constraints | undefined;
  defaultValue?: Parameters<typeof useConformForm<V>>[0]["defaultValue"];
}) {
  return useConformForm<V>({
    id: options.id,
    lastResult: options.lastResult,
    constraint: options.constraint,
    defaultValue: options.defaultValue,
  });
}

/** The form's own error (not a field's), with the id the form's aria-describedby points at. */
export function FormError({
  form,
  values,
  children,
}: {
  form: Pick<FormMetadata, "errors" | "errorId">;
  values?: Record<string, string | number | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!form.errors?.length) return null;
  return (
    <div className="alert alert-danger" role="alert" id={form.errorId}>
      {t(keyOf(form.errors[0]!), values)} {children}
    </div>
  );
}

/** A field's first error, translated, tied to the field by its errorId (aria-describedby). */
export function FieldError({
  field,
  values,
}: {
  field: { errors?: string[]; errorId: string };
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  if (!field.errors?.length) return null;
  return (
    <div id={field.errorId} className="invalid-feedback d-block">
      {t(keyOf(field.errors[0]!), values)}
    </div>
  );
}

/** A labelled input with its hint and its translated error. */
export function InputField({
  field,
  label,
  type,
  autoComplete,
  hint,
  ...rest
}: {
  field: Field;
  label: CommonKey;
  type: "text" | "email" | "password" | "date" | "tel";
  autoComplete?: string;
  hint?: string;
  autoFocus?: boolean;
  inputMode?: "numeric";
  min?: string;
  max?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <label htmlFor={field.id} className="form-label">
        {t(label)}
      </label>
      <input
        {...getInputProps(field, { type })}
        {...rest}
        autoComplete={autoComplete}
        className={`form-control${field.errors ? " is-invalid" : ""}`}
      />
      {hint && <div className="form-text">{hint}</div>}
      <FieldError field={field} />
    </div>
  );
}

/** A checkbox whose label may hold links (a whole translated sentence, see Trans). */
export function CheckboxField({ field, label }: { field: Field; label: ReactNode }) {
  return (
    <div className="form-check mb-3">
      <input
        {...getInputProps(field, { type: "checkbox", value: "on" })}
        className={`form-check-input${field.errors ? " is-invalid" : ""}`}
      />
      <label htmlFor={field.id} className="form-check-label">
        {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}

/** One choice of several, as inline radio buttons in a fieldset with its legend. */
export function RadioGroup({
  field,
  legend,
  options,
}: {
  field: Field;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const labels = new Map(options.map((o) => [o.value, o.label]));
  return (
    <fieldset className="mb-3" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="form-label fs-6">{legend}</legend>
      {getCollectionProps(field, { type: "radio", options: options.map((o) => o.value) }).map(({ key, ...props }) => (
        <div className="form-check form-check-inline" key={key}>
          <input {...props} className="form-check-input" />
          <label htmlFor={props.id} className="form-check-label">
            {labels.get(props.value)}
          </label>
        </div>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}
