import { data, Form, redirect, useActionData } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { apiUnavailableMessage, apiUnavailableStatus } from "~/services/api-unavailable.server";
import { safeRedirect } from "~/services/auth.server";
import { requireAdmin, stepUp } from "~/services/staff.server";
import type { Route } from "./+types/admin-confirm";

/**
 * /admin/confirm?next=<path> (docs/product.md §6.9): the step-up before a sensitive action (refunds, credit grants,
 * role changes, bans, deletion). The password or a code from the app renews the session's second factor for ten
 * minutes, then the admin goes back to `next`, a path on this site only. Two plain forms: no JavaScript needed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return { next: safeRedirect(new URL(request.url).searchParams.get("next"), "/admin") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireAdmin(call);
  const form = await request.formData();
  const next = safeRedirect(new URL(request.url).searchParams.get("next"), "/admin");
  const code = String(form.get("code") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (form.get("intent") === "code" ? !code : !password) {
    const field = form.get("intent") === "code" ? "code" : "password";
    return data({ field, error: `admin.stepUp.${field}Required`, code }, { status: 400 });
  }
  const answer = await stepUp(call, form.get("intent") === "code" ? { code } : { password });
  if ("ok" in answer) return redirect(next);
  return data({ ...answer, code }, answer.error === apiUnavailableMessage ? apiUnavailableStatus : { status: 400 });
}

export default function AdminConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = useActionData<typeof action>();
  const errorOf = (field: "password" | "code") =>
    refused && refused.field === field ? t(keyOf(refused.error)) : undefined;
  const target = `/admin/confirm?next=${encodeURIComponent(loaderData.next)}`;
  return (
    <section aria-labelledby="confirm-title" className="col-lg-8">
      <h2 id="confirm-title" className="h5">
        {t("admin.stepUp.title")}
      </h2>
      <p>{t("admin.stepUp.intro")}</p>
      <div className="row g-4">
        <div className="col-12 col-md-6">
          <Form method="post" action={target} noValidate aria-labelledby="confirm-password-title">
            <h3 id="confirm-password-title" className="h6">
              {t("admin.stepUp.passwordTitle")}
            </h3>
            <input type="hidden" name="intent" value="password" />
            <Field
              id="confirm-password"
              name="password"
              label={t("admin.stepUp.passwordLabel")}
              error={errorOf("password")}
            >
              {(props) => <input {...props} type="password" autoComplete="current-password" />}
            </Field>
            <SubmitButton className="btn btn-primary">{t("admin.stepUp.passwordSubmit")}</SubmitButton>
          </Form>
        </div>
        <div className="col-12 col-md-6">
          <Form method="post" action={target} noValidate aria-labelledby="confirm-code-title">
            <h3 id="confirm-code-title" className="h6">
              {t("admin.stepUp.codeTitle")}
            </h3>
            <input type="hidden" name="intent" value="code" />
            <Field id="confirm-code" name="code" label={t("admin.stepUp.codeLabel")} error={errorOf("code")}>
              {(props) => (
                <input
                  {...props}
                  autoComplete="one-time-code"
                  defaultValue={refused?.field === "code" ? refused.code : ""}
                />
              )}
            </Field>
            <SubmitButton className="btn btn-primary">{t("admin.stepUp.codeSubmit")}</SubmitButton>
          </Form>
        </div>
      </div>
    </section>
  );
}

/** A labelled field with its error tied to it for screen readers. */
function Field({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  children: (props: {
    id: string;
    name: string;
    className: string;
    required: true;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({
        id,
        name,
        className: `form-control${error ? " is-invalid" : ""}`,
        required: true,
        ...(error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {}),
      })}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
