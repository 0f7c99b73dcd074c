import { useTranslation } from "~/i18n/translator";
import { callApi } from "~/services/api.server";
import { requireAdmin } from "~/services/staff.server";
import { adminOverviewSchema } from "../../contract/staff";
import type { Route } from "./+types/admin-index";

/** The admin area's overview (issue 33): the site's members by state, its staff and its open reports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  // The frame's loader runs beside this one: until the second factor is given it shows the set-up or the code form.
  if (!(await requireAdmin(call)).verified) return null;
  return callApi(call, "/admin/overview.php", { schema: adminOverviewSchema });
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  if (!loaderData) return null;
  const number = new Intl.NumberFormat(locale);
  const rows: [string, number][] = [
    [t("admin.membersTotal"), loaderData.members.total],
    [t("admin.membersActive"), loaderData.members.active],
    [t("admin.membersNotConfirmed"), loaderData.members.not_confirmed],
    [t("admin.moderators"), loaderData.staff.moderators],
    [t("admin.admins"), loaderData.staff.admins],
    [t("admin.openReports"), loaderData.open_reports],
  ];
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="h5">
        {t("admin.overview")}
      </h2>
      <dl className="row row-cols-2 g-3">
        {rows.map(([label, value]) => (
          <div key={label} className="col">
            <dt className="fw-normal text-body-secondary">{label}</dt>
            <dd className="fs-3 mb-0">{number.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
