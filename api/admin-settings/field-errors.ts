import type { z } from "zod";
import type { SettingField } from "../../contract/admin-settings";

/*
 * The site definition's schema (contract/site-definition.ts) speaks English to operators reading `npm run site`'s
 * output; the admin area's forms speak the admin's language. Each zod refusal becomes one translation key by its
 * kind, shown at the form field the issue's path falls under (docs/product.md §6.9).
 */

function keyOf(issue: z.core.$ZodIssue, field: SettingField | undefined): string {
  switch (issue.code) {
    case "invalid_type":
      if (field?.kind === "json") return "admin.settings.errors.json";
      return field?.kind === "number" ? "admin.settings.errors.number" : "admin.settings.errors.invalid";
    case "too_small":
      return issue.origin === "number" ? "admin.settings.errors.tooSmall" : "admin.settings.errors.required";
    case "too_big":
      return issue.origin === "number" ? "admin.settings.errors.tooBig" : "admin.settings.errors.tooLong";
    case "invalid_format":
      return "admin.settings.errors.format";
    case "invalid_value":
      return "admin.settings.errors.choice";
    default:
      return "admin.settings.errors.invalid";
  }
}

/** The issues as `data.fields`: the field's path → the first message's key; anything outside them under "_". */
export function settingsFieldErrors(issues: readonly z.core.$ZodIssue[], fields: readonly SettingField[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.join(".");
    const field = fields.find((f) => path === f.path || path.startsWith(`${f.path}.`));
    errors[field?.path ?? "_"] ??= keyOf(issue, field);
  }
  return errors;
}
