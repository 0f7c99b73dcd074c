import type { ReactNode } from "react";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";

/*
 * A labelled field of the admin area's plain forms (issue 33): its hint and its translated error tied to it for
 * screen readers, the typed text kept after a refusal. The admin forms' fields are named by data (setting paths),
 * which the form kit's conform fields are not made for.
 */

export interface AdminFieldProps {
  name: string;
  label: ReactNode;
  /** The text shown in the field: what was typed, else the current value. */
  value: string;
  /** A translation key from the API, shown at the field. */
  error?: string;
  hint?: ReactNode;
  type?: "text" | "number" | "email" | "date";
  multiline?: boolean;
  options?: readonly { value: string; label: string }[];
  /** A short field, in a row of others. */
  className?: string;
  /** Only for a field the API expects in capitals or digits: its own rules say the rest. */
  inputMode?: "numeric" | "decimal";
}

export function AdminField({
  name,
  label,
  value,
  error,
  hint,
  type = "text",
  multiline,
  options,
  className = "mb-3",
  inputMode,
}: AdminFieldProps) {
  const { t } = useTranslation();
  const id = `f-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const invalid = error ? " is-invalid" : "";
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {options ? (
        <select {...shared} className={`form-select${invalid}`} defaultValue={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...shared} className={`form-control${invalid}`} defaultValue={value} rows={4} />
      ) : (
        <input
          {...shared}
          type={type}
          inputMode={inputMode}
          className={`form-control${invalid}`}
          defaultValue={value}
        />
      )}
      {hint && (
        <div id={`${id}-hint`} className="form-text text-break">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t(keyOf(error))}
        </div>
      )}
    </div>
  );
}

/** A checkbox of the admin area's forms (a flag: unticked sends nothing, which means off). */
export function AdminCheckbox({
  name,
  label,
  checked,
  hint,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  hint?: ReactNode;
}) {
  const id = `f-${name}`;
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        className="form-check-input"
        defaultChecked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
