import { useTranslation } from "../i18n/translator";

/** A field's first error, translated, tied to the field by its errorId (aria-describedby). */
export function FieldError({ field, values }: { field: { errors?: string[]; errorId: string }; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  if (!field.errors?.length) return null;
  return (
    <div id={field.errorId} className="invalid-feedback d-block">
      {t(field.errors[0]!, values)}
    </div>
  );
}
