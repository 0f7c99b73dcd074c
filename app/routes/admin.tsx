import { Form, NavLink, Outlet, redirect, useActionData } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { enrolTotp, giveSecondFactor, requireAdmin } from "~/services/staff.server";
import type { Route } from "./+types/admin";
import "~/styles/admin.scss";

/**
 * The admin area's frame (issue 33): for admins only (anyone else gets the 404 page). Until the admin has set up
 * TOTP it offers only the set-up; until this session has given the code, only the code form; then the admin
 * navigation around the section shown. Every form is a plain post: no JavaScript needed.
 */
/** The admin area's sections, in the order of its tabs. */
const adminSections = [
  { to: "/admin", label: "admin.overview" },
  { to: "/admin/members", label: "admin.members.nav" },
  { to: "/admin/payments", label: "admin.payments.title" },
  { to: "/admin/settings", label: "admin.settings.title" },
  { to: "/admin/bundles", label: "admin.bundles.title" },
  { to: "/admin/discounts", label: "admin.discounts.title" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const secondFactor = await requireAdmin({ request, context });
  return { title: getI18n(context).t("admin.title"), secondFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  const { enrolled } = await requireAdmin(call);
  const code = String((await request.formData()).get("code") ?? "").trim();
  if (!enrolled) return enrolTotp(call, code);
  const given = await giveSecondFactor(call, code);
  return "codeInvalid" in given ? given : redirect("/admin");
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { secondFactor } = loaderData;
  const answer = useActionData<typeof action>();
  const invalid = answer !== undefined && "codeInvalid" in answer;
  const recoveryCodes = answer && "recovery_codes" in answer ? answer.recovery_codes : null;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : secondFactor.setup ? (
        <section aria-labelledby="setup-title" className="col-lg-8">
          <h2 id="setup-title" className="h5">
            {t("admin.setupTitle")}
          </h2>
          <p>{t("admin.setupIntro")}</p>
          <div
            className="admin-qr border rounded p-2 mb-3"
            role="img"
            aria-label={t("admin.qrAlt")}
            // Drawn by the API from the otpauth address (qrcode's SVG): no script, no outside image.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is the server's own drawing
            dangerouslySetInnerHTML={{ __html: secondFactor.setup.qr_svg }}
          />
          <p className="mb-1">{t("admin.secretLabel")}</p>
          <p>
            <code className="admin-code" data-testid="totp-secret">
              {secondFactor.setup.secret}
            </code>
          </p>
          <CodeForm label={t("admin.codeLabel")} submit={t("admin.confirm")} invalid={invalid} digitsOnly />
        </section>
      ) : !secondFactor.verified ? (
        <section aria-labelledby="verify-title" className="col-lg-6">
          <h2 id="verify-title" className="h5">
            {t("admin.verifyTitle")}
          </h2>
          <p>{t("admin.verifyIntro")}</p>
          <CodeForm label={t("admin.verifyCodeLabel")} submit={t("admin.verify")} invalid={invalid} />
        </section>
      ) : (
        <>
          <nav aria-label={t("admin.nav")} className="mb-4">
            <ul className="nav nav-tabs">
              {adminSections.map(({ to, label }) => (
                <li key={to} className="nav-item">
                  <NavLink end={to === "/admin"} to={to} className="nav-link">
                    {t(label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet />
        </>
      )}
    </main>
  );
}

function CodeForm({
  label,
  submit,
  invalid,
  digitsOnly = false,
}: {
  label: string;
  submit: string;
  invalid: boolean;
  digitsOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/admin" className="row g-2 align-items-end" noValidate>
      <div className="col-12 col-sm-6">
        <label htmlFor="admin-code" className="form-label">
          {label}
        </label>
        <input
          id="admin-code"
          name="code"
          className={`form-control${invalid ? " is-invalid" : ""}`}
          autoComplete="one-time-code"
          inputMode={digitsOnly ? "numeric" : undefined}
          required
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? "admin-code-error" : undefined}
        />
        {invalid && (
          <div id="admin-code-error" className="invalid-feedback" role="alert">
            {t("admin.codeInvalid")}
          </div>
        )}
      </div>
      <div className="col-12 col-sm-6">
        <SubmitButton className="btn btn-primary">{submit}</SubmitButton>
      </div>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-title" className="col-lg-6">
      <h2 id="recovery-title" className="h5">
        {t("admin.recoveryTitle")}
      </h2>
      <p>{t("admin.recoveryIntro")}</p>
      <ul className="list-unstyled row row-cols-2 g-1 font-monospace admin-code">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a href="/admin" className="btn btn-primary">
        {t("admin.continue")}
      </a>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
