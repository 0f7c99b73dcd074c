import { Link } from "react-router";
import { BarChart, type ChartPoint } from "~/components/admin/bar-chart";
import { useDates } from "~/hooks/use-dates";
import type { CommonKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { activity } from "~/services/admin-payments.server";
import { callApi } from "~/services/api.server";
import { formatMoney } from "~/services/money";
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
  return { overview, activity: daily };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const dates = useDates();
  if (!loaderData) return null;
  const { overview, activity: daily } = loaderData;
  const number = new Intl.NumberFormat(locale);
  const rows: [string, number][] = [
    [t("admin.membersTotal"), overview.members.total],
    [t("admin.membersActive"), overview.members.active],
    [t("admin.membersNotConfirmed"), overview.members.not_confirmed],
    [t("admin.moderators"), overview.staff.moderators],
    [t("admin.admins"), overview.staff.admins],
    [t("admin.openReports"), overview.open_reports],
  ];
  const formatDay = (day: string) => (day ? dates.format("day", `${day}T12:00:00Z`) : "");
  const from = formatDay(daily.from);
  const to = formatDay(daily.to);
  const chart = (
    key: string,
    title: string,
    points: ChartPoint[],
    format: (n: number) => string,
    valueLabel = t("admin.activity.value"),
  ) => {
    const total = points.reduce((sum, p) => sum + p.value, 0);
    return (
      <BarChart
        key={key}
        title={title}
        label={t("admin.activity.chartLabel", { title, from, to, total: format(total) })}
        points={points}
        format={format}
        dayLabel={t("admin.activity.day")}
        valueLabel={valueLabel}
        formatDay={formatDay}
      />
    );
  };
  const counts: [string, CommonKey, ChartPoint[]][] = [
    ["signups", "admin.activity.signups", daily.signups],
    ["activations", "admin.activity.activations", daily.activations],
    ["first-purchases", "admin.activity.firstPurchases", daily.first_purchases],
    ["messages", "admin.activity.messages", daily.messages],
    ["reports", "admin.activity.reports", daily.reports],
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
            {overviewPeriods.map((days) => (
              <li key={days}>
                <Link
                  to={`/admin?days=${days}`}
                  className={`btn btn-sm btn-outline-primary${days === daily.days ? " active" : ""}`}
                  aria-current={days === daily.days ? "page" : undefined}
                >
                  {t("admin.activity.days", { count: days })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-charts">
          {counts.map(([key, title, points]) => chart(key, t(title), points, (n) => number.format(n)))}
          {daily.revenue.length === 0 ? (
            <p>{t("admin.activity.noRevenue")}</p>
          ) : (
            daily.revenue.map(({ currency, daily: points }) =>
              chart(
                `revenue-${currency}`,
                t("admin.activity.revenue", { currency }),
                points,
                (cents) => formatMoney(locale, { cents, currency }),
                t("admin.payments.amount"),
              ),
            )
          )}
        </div>
      </section>
    </>
  );
}
