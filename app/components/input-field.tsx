import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "../i18n/translator";
import { FieldError } from "./field-error";

/** A labelled input with its hint and its translated error, tied together for screen readers. */
export function InputField({ field, label, type, autoComplete, hint, ...rest }: {
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  label: string;
  type: "text" | "email" | "password" | "date";
  autoComplete?: string;
  hint?: string;
  autoFocus?: boolean;
  min?: string;
  max?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <label htmlFor={field.id} className="form-label">{t(label)}</label>
      <input {...getInputProps(field, { type })} {...rest} autoComplete={autoComplete} className={`form-control${field.errors ? " is-invalid" : ""}`} />
      {hint && <div className="form-text">{hint}</div>}
      <FieldError field={field} />
    </div>
  );
}
