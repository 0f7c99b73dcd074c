import { Form, Link } from "react-router";
import { PageLinks } from "~/components/page-links";
import { useDates } from "~/hooks/use-dates";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { listPayments, paymentFilters, verifiedAdmin } from "~/services/admin-payments.server";
import { countryNamer } from "~/services/countries";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { methodLabel } from "~/services/payment-methods";
import { pageMeta } from "~/services/seo";
import { adminPaymentFilterStatuses } from "../../contract/admin-values";
import type { Route } from "./+types/admin-payments";

/**
 * The admin area's payments (docs/product.md §6.9): filtered by status, method, the member's country and a date
 * range with a plain GET form, newest first, 25 a page; each opens its own page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (!(await verifiedAdmin(call))) return null;
  const filters = paymentFilters(new URL(request.url));
  const list = await listPayments(call, filters);
  return { ...list, filters, title: getI18n(context).t("admin.payments.title") };
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const dates = useDates();
  if (!loaderData) return null;
  const { payments, filters } = loaderData;
  const countryName = countryNamer(locale);
  const query = (page: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...filters, page }))
      if (value !== undefined && value !== "" && !(name === "page" && value === 1)) params.set(name, String(value));
    const search = params.toString();
    return search ? `/admin/payments?${search}` : "/admin/payments";
  };
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title" className="h5">
        {t("admin.payments.title")}
      </h2>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t("admin.payments.filters")}>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="filter-status" className="form-label">
            {t("admin.payments.status")}
          </label>
          <select id="filter-status" name="status" className="form-select" defaultValue={filters.status ?? ""}>
            <option value="">{t("admin.payments.any")}</option>
            {adminPaymentFilterStatuses.map((status) => (
              <option key={status} value={status}>
                {t(keyOf(`admin.payments.statuses.${status}`))}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="filter-method" className="form-label">
            {t("admin.payments.method")}
          </label>
          <select id="filter-method" name="method" className="form-select" defaultValue={filters.method ?? ""}>
            <option value="">{t("admin.payments.any")}</option>
            {loaderData.methods.map((method) => (
              <option key={method} value={method}>
                {methodLabel(t, method)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="filter-country" className="form-label">
            {t("admin.payments.country")}
          </label>
          <select id="filter-country" name="country" className="form-select" defaultValue={filters.country ?? ""}>
            <option value="">{t("admin.payments.any")}</option>
            {loaderData.countries.map((country) => (
              <option key={country} value={country}>
                {countryName(country)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="filter-from" className="form-label">
            {t("admin.payments.from")}
          </label>
          <input id="filter-from" name="from" type="date" className="form-control" defaultValue={filters.from ?? ""} />
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="filter-to" className="form-label">
            {t("admin.payments.to")}
          </label>
          <input id="filter-to" name="to" type="date" className="form-control" defaultValue={filters.to ?? ""} />
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <button type="submit" className="btn btn-primary">
            {t("admin.payments.apply")}
          </button>
        </div>
      </Form>
      <p aria-live="polite">{t("admin.payments.found", { count: loaderData.total })}</p>
      {payments.length > 0 && (
        <div className="admin-scroll">
          <table className="table align-middle admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.payments.number")}</th>
                <th scope="col">{t("transactions.date")}</th>
                <th scope="col">{t("admin.payments.member")}</th>
                <th scope="col">{t("admin.payments.amount")}</th>
                <th scope="col">{t("admin.payments.method")}</th>
                <th scope="col">{t("admin.payments.status")}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    <Link to={`/admin/payments/${payment.id}`}>{payment.id}</Link>
                  </td>
                  <td>{dates.format("moment", payment.created_at)}</td>
                  <td className="admin-wrap">
                    {payment.member.name}
                    <br />
                    <span className="small text-body-secondary">{payment.member.email}</span>
                  </td>
                  <td>{formatMoney(locale, payment.amount)}</td>
                  <td>{methodLabel(t, payment.method)}</td>
                  <td>
                    {t(keyOf(`admin.payments.statuses.${payment.status}`))}
                    {payment.refund_status && (
                      <>
                        <br />
                        <span className="small">{t(keyOf(`returns.states.${payment.refund_status}`))}</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaderData.pages > 1 && (
        <PageLinks page={loaderData.page} pages={loaderData.pages} href={query} label={t("admin.payments.pages")} />
      )}
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
