import { Form, Link, redirect } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { moderationNeedsCode, requireModeratorSecondFactor } from "~/services/staff.server";
import { type LanderReport, type LanderReportRow, landerReportResponseSchema } from "../../contract/landers";
import type { Route } from "./+types/moderation-landers";
import "~/styles/staff-report.scss";

/**
 * The staff report on landers (docs/product.md §6.7): first visits, signups and activations per lander, slug and
 * traffic source for a period chosen by a GET form (no JavaScript), by default the last 30 days. For moderators:
 * anyone else gets the 404 page, and the API checks the role again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (moderationNeedsCode(await requireModeratorSecondFactor(call))) throw redirect("/moderation/second-factor");
  const url = new URL(request.url);
  const asked = { from: url.searchParams.get("from") || undefined, to: url.searchParams.get("to") || undefined };
  const title = getI18n(context).t("landerReport.title");
  const ask = (query: Partial<typeof asked>) =>
    callApi(call, "/lander-report.php", { query, schema: landerReportResponseSchema });
  try {
    return { title, report: await ask(asked), asked, invalid: false };
  } catch (error) {
    // A period that is none: say so above the default period's report, keeping what was typed.
    if (!(error instanceof ApiCallError && error.code === "validation_failed")) throw error;
    return { title, report: await ask({}), asked, invalid: true };
  }
}

export default function ModerationLanders({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { report, asked, invalid } = loaderData;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const dayOf = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <p className="mb-2">
        <Link to="/moderation">{t("moderation.title")}</Link>
      </p>
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      <p className="text-body-secondary">{t("landerReport.intro")}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t("landerReport.period")}>
        <div className="col-6 col-sm-4">
          <label htmlFor="report-from" className="form-label">
            {t("landerReport.from")}
          </label>
          <input
            id="report-from"
            name="from"
            type="date"
            className={`form-control${invalid ? " is-invalid" : ""}`}
            defaultValue={invalid ? asked.from : report.from}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? "report-period-error" : undefined}
          />
        </div>
        <div className="col-6 col-sm-4">
          <label htmlFor="report-to" className="form-label">
            {t("landerReport.to")}
          </label>
          <input
            id="report-to"
            name="to"
            type="date"
            className="form-control"
            defaultValue={invalid ? asked.to : report.to}
          />
        </div>
        <div className="col-12 col-sm-4">
          <button type="submit" className="btn btn-primary">
            {t("landerReport.show")}
          </button>
        </div>
        {invalid && (
          <div id="report-period-error" className="col-12 invalid-feedback d-block" role="alert">
            {t("landerReport.periodInvalid")}
          </div>
        )}
      </Form>
      <h2 id="report-period" className="h5">
        {t("landerReport.periodShown", { from: dayOf(report.from), to: dayOf(report.to) })}
      </h2>
      {report.rows.length === 0 ? <p>{t("landerReport.empty")}</p> : <ReportTable report={report} />}
    </main>
  );
}

/** The rows, most visited first, and the totals of the period. */
function ReportTable({ report }: { report: LanderReport }) {
  const { t, locale } = useTranslation();
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const rate = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : "–");
  const cells = (row: Pick<LanderReportRow, "visits" | "signups" | "activations">) => (
    <>
      <td className="text-end">{number.format(row.visits)}</td>
      <td className="text-end">{number.format(row.signups)}</td>
      <td className="text-end">{rate(row.signups, row.visits)}</td>
      <td className="text-end">{number.format(row.activations)}</td>
      <td className="text-end">{rate(row.activations, row.signups)}</td>
    </>
  );
  return (
    <div className="lander-report-scroll">
      {/* Named by the period heading, and the totals as its last row: elements no other page uses would add their base styles to every page. */}
      <table className="table table-sm align-middle lander-report" aria-labelledby="report-period">
        <thead>
          <tr>
            <th scope="col">{t("landerReport.lander")}</th>
            <th scope="col">{t("landerReport.slug")}</th>
            <th scope="col">{t("landerReport.network")}</th>
            <th scope="col">{t("landerReport.ref")}</th>
            <th scope="col" className="text-end">
              {t("landerReport.visits")}
            </th>
            <th scope="col" className="text-end">
              {t("landerReport.signups")}
            </th>
            <th scope="col" className="text-end">
              {t("landerReport.signupRate")}
            </th>
            <th scope="col" className="text-end">
              {t("landerReport.activations")}
            </th>
            <th scope="col" className="text-end">
              {t("landerReport.activationRate")}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={`${row.lander} ${row.slug} ${row.network} ${row.ref}`}>
              <th scope="row" className="fw-normal">
                {row.lander}
              </th>
              <td>{row.slug || "–"}</td>
              <td>{row.network || "–"}</td>
              <td>{row.ref || "–"}</td>
              {cells(row)}
            </tr>
          ))}
          <tr className="fw-semibold">
            <th scope="row" colSpan={4}>
              {t("landerReport.total")}
            </th>
            {cells(report.totals)}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
