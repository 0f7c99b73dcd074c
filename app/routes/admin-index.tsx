import { Link } from "react-router";
import { BarChart } from "~/components/admin/bar-chart";
import { useTranslation } from "~/i18n/translator";
import { activityCharts } from "~/services/admin-charts.server";
import { activity } from "~/services/admin-payments.server";
import { callApi } from "~/services/api.server";
import { getI18n } from "~/services/i18n.server";
import { requireAdmin } from "~/services/staff.server";
import { overviewPeriods } from "../../contract/admin-overview";
import { adminOverviewSchema } from "../../contract/staff";
import type { Route } from "./+types/admin-index";

/**
 * The admin area's overview (docs/product.md §6.9): the site's members by state, its staff and its open reports;
 * then signups, activations, first purchases, revenue per currency, messages and reports per day over 7, 30 or 90
 * days (a plain link each), drawn as SVG on the server with the numbers in a table beside each chart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  // The frame's loader runs beside this one: until the second factor is given it shows the set-up or the code form.
  if (!(await requireAdmin(call)).verified) return null;
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = (overviewPeriods as readonly number[]).includes(asked) ? asked : 30;
  const [overview, daily] = await Promise.all([
    callApi(call, "/admin/overview.php", { schema: adminOverviewSchema }),
    activity(call, days),
  ]);
  const i18n = getI18n(context);
  return {
    overview,
    days,
    periods: [...overviewPeriods],
    noRevenue: daily.revenue.length === 0,
    charts: activityCharts(daily, i18n.language, (key, values) => i18n.t(key, values)),
  };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  if (!loaderData) return null;
  const { overview } = loaderData;
  const number = new Intl.NumberFormat(locale);
  const rows: [string, number][] = [
    [t("admin.membersTotal"), overview.members.total],
    [t("admin.membersActive"), overview.members.active],
    [t("admin.membersNotConfirmed"), overview.members.not_confirmed],
    [t("admin.moderators"), overview.staff.moderators],
    [t("admin.admins"), overview.staff.admins],
    [t("admin.openReports"), overview.open_reports],
  ];
  return (
    <>
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
      <section aria-labelledby="activity-title" className="mt-4">
        <h2 id="activity-title" className="h5">
          {t("admin.activity.title")}
        </h2>
        <nav aria-label={t("admin.activity.period")} className="mb-3">
          <ul className="list-unstyled d-flex gap-2 mb-0">
            {loaderData.periods.map((days) => (
              <li key={days}>
                <Link
                  to={`/admin?days=${days}`}
                  className={`btn btn-sm btn-outline-primary${days === loaderData.days ? " active" : ""}`}
                  aria-current={days === loaderData.days ? "page" : undefined}
                >
                  {t("admin.activity.days", { count: days })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-charts">
          {loaderData.charts.map((chart) => (
            <BarChart key={chart.key} chart={chart} />
          ))}
          {loaderData.noRevenue && <p>{t("admin.activity.noRevenue")}</p>}
        </div>
      </section>
    </>
  );
}
