import { data, NavLink, Outlet, redirect, useActionData } from "react-router";
import { RecoveryCodes, SecondFactorCode, SecondFactorSetup } from "~/components/staff-second-factor";
import { useTranslation } from "~/i18n/translator";
import { refusalStatus } from "~/services/api-unavailable.server";
import { safeRedirect } from "~/services/auth.server";
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
  { to: "/admin/audit", label: "admin.audit.title" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const secondFactor = await requireAdmin({ request, context });
  const url = new URL(request.url);
  // After the code, back to the admin page that was asked for (a step-up link, the audit log), not the overview.
  return { title: getI18n(context).t("admin.title"), secondFactor, next: url.pathname + url.search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  const { enrolled } = await requireAdmin(call);
  const form = await request.formData();
  const code = String(form.get("code") ?? "").trim();
  const given = enrolled ? await giveSecondFactor(call, code) : await enrolTotp(call, code);
  if ("codeError" in given) return data(given, refusalStatus(given.codeError));
  return enrolled ? redirect(safeRedirect(form.get("next"), "/admin")) : given;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { secondFactor } = loaderData;
  const answer = useActionData<typeof action>();
  const codeError = answer !== undefined && "codeError" in answer ? answer.codeError : null;
  const recoveryCodes = answer && "recovery_codes" in answer ? answer.recovery_codes : null;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} next="/admin" nextLabel={t("admin.continue")} />
      ) : secondFactor.setup ? (
        <SecondFactorSetup setup={secondFactor.setup} intro={t("admin.setupIntro")} action="/admin" error={codeError} />
      ) : !secondFactor.verified ? (
        <SecondFactorCode intro={t("admin.verifyIntro")} action="/admin" error={codeError} next={loaderData.next} />
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

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
