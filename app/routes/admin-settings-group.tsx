import { data, Form, useActionData } from "react-router";
import { AdminCheckbox, AdminField } from "~/components/admin-field";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { loadSettings, refusedForm, saveSettingsGroup } from "~/services/admin-settings.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAdmin } from "~/services/staff.server";
import {
  formName,
  type SettingField,
  type SettingsGroup,
  settingsGroupNames,
  settingsGroups,
  settingText,
} from "../../contract/admin-settings";
import type { Route } from "./+types/admin-settings-group";
import { SettingsGroupsNav } from "./admin-settings";

/*
 * One group of site settings as a plain form (issue 33, docs/product.md §6.9): each field with its current value and
 * its default; a save is a partial `site apply` through the API, which validates it with the site file's schema and
 * makes every process see it at once. A refusal shows its message at the field and keeps what was typed.
 */

const groupOf = (param: string | undefined): SettingsGroup => {
  if (!settingsGroupNames.includes(param as SettingsGroup)) throw data(null, { status: 404 });
  return param as SettingsGroup;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const group = groupOf(params.group);
  if (!(await requireAdmin(call)).verified) return null;
  return { group, settings: await loadSettings(call) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  const group = groupOf(params.group);
  await requireAdmin(call);
  const form = await request.formData();
  try {
    await saveSettingsGroup(call, group, form);
  } catch (error) {
    return refusedForm(error, form);
  }
  return redirectWithFlash(request, `/admin/settings/${group}`, { message: "admin.settings.saved", tone: "success" });
}

export default function AdminSettingsGroup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  if (!loaderData) return null;
  const { group, settings } = loaderData;
  const refused = answer && "errors" in answer ? answer : null;
  const otherErrors = refused
    ? Object.keys(refused.errors).filter(
        (path) => path !== "form" && !settingsGroups[group].some((f) => f.path === path),
      )
    : [];
  return (
    <section aria-labelledby="group-title">
      <SettingsGroupsNav current={group} />
      <h2 id="group-title" className="h5">
        {t(`admin.settings.groups.${group}`)}
      </h2>
      {refused && (
        <div className="alert alert-danger" role="alert" id="settings-form-error">
          {/* The API unavailable (docs/product.md §7.3) is no refusal: its "try again" says it all. */}
          {refused.errors.form ? t(keyOf(refused.errors.form)) : t("admin.settings.refused")}
          {otherErrors.map((path) => (
            <span key={path}> {t(keyOf(refused.errors[path]!))}</span>
          ))}
        </div>
      )}
      <Form method="post" className="col-lg-8" aria-describedby={refused ? "settings-form-error" : undefined}>
        {(settingsGroups[group] as readonly SettingField[]).map((field) => (
          <SettingInput
            key={field.path}
            field={field}
            value={settings.values[field.path]}
            fallback={field.path in settings.defaults ? { value: settings.defaults[field.path] } : null}
            typed={refused?.typed ?? null}
            error={refused?.errors[field.path]}
          />
        ))}
        <SubmitButton className="btn btn-primary">{t("admin.settings.save")}</SubmitButton>
      </Form>
    </section>
  );
}

function SettingInput({
  field,
  value,
  fallback,
  typed,
  error,
}: {
  field: SettingField;
  value: unknown;
  fallback: { value: unknown } | null;
  typed: Record<string, string> | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const name = formName(field.path);
  const label = t(keyOf(`admin.settings.fields.${name}`));
  const shown = (v: unknown) => {
    if (v === null || v === undefined) return t("admin.settings.none");
    if (typeof v === "boolean") return v ? t("admin.settings.on") : t("admin.settings.off");
    if (Array.isArray(v)) return v.length ? v.join(", ") : t("admin.settings.none");
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  };
  const hint = (
    <>
      {fallback ? t("admin.settings.default", { value: shown(fallback.value) }) : t("admin.settings.noDefault")}
      {field.kind === "list" && <> {t("admin.settings.listHint")}</>}
      {field.empty === "default" && <> {t("admin.settings.emptyForDefault")}</>}
    </>
  );
  if (field.kind === "flag")
    return <AdminCheckbox name={name} label={label} checked={typed ? name in typed : value === true} hint={hint} />;
  return (
    <AdminField
      name={name}
      label={label}
      value={typed ? (typed[name] ?? "") : settingText(field.kind, value)}
      error={error}
      hint={hint}
      inputMode={field.kind === "number" ? "numeric" : undefined}
      multiline={field.kind === "longtext" || field.kind === "list" || field.kind === "json"}
      options={field.options?.map((option) => ({ value: option, label: option }))}
    />
  );
}
