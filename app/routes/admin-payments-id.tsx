import { data, Form, Link, useActionData } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { useDates } from "~/hooks/use-dates";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { paymentDetail, type RefundRefusal, refundPayment, verifiedAdmin } from "~/services/admin-payments.server";
import { countryNamer } from "~/services/countries";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { methodLabel } from "~/services/payment-methods";
import { pageMeta } from "~/services/seo";
import type { Route } from "./+types/admin-payments-id";

const paymentId = (param: string | undefined) => {
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
};

/**
 * One payment in the admin area (docs/product.md §6.9): the provider's id, the member, the bundle, the ledger rows
 * it caused and its refund; and the refund form, with a reason, asking for the second factor again where the
 * session gave it more than 10 minutes ago.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const id = paymentId(params.id);
  if (!(await verifiedAdmin(call))) return null;
  const detail = await paymentDetail(call, id);
  return { ...detail, key: crypto.randomUUID(), title: getI18n(context).t("admin.payments.one", { id }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  const id = paymentId(params.id);
  if (!(await verifiedAdmin(call))) throw data(null, { status: 403 });
  return refundPayment(call, id, await request.formData());
}

export default function AdminPayment({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const dates = useDates();
  const refusal = useActionData<typeof action>() as RefundRefusal | undefined;
  if (!loaderData) return null;
  const { payment, bundle, ledger, refund } = loaderData;
  const money = (amount: { cents: number; currency: string }) => formatMoney(locale, amount);
  const facts: [string, string][] = [
    [t("admin.payments.status"), t(keyOf(`admin.payments.statuses.${payment.status}`))],
    [t("admin.payments.amount"), money(payment.amount)],
    [t("admin.payments.method"), methodLabel(t, payment.method)],
    [t("admin.payments.provider"), payment.provider],
    [t("admin.payments.providerId"), payment.provider_payment_id ?? "—"],
    [t("admin.payments.made"), dates.format("moment", payment.created_at)],
    [t("admin.payments.paid"), payment.paid_at ? dates.format("moment", payment.paid_at) : "—"],
    [
      t("admin.payments.bundle"),
      bundle ? t("admin.payments.bundleValue", { count: bundle.credits, price: money(bundle.price) }) : "—",
    ],
    [
      t("admin.payments.member"),
      `${payment.member.name} · ${payment.member.email} · ${countryNamer(locale)(payment.member.country)}`,
    ],
    [t("admin.payments.balance"), t("credits.amount", { count: loaderData.member_credits })],
  ];
  const here = `/admin/payments/${payment.id}`;
  return (
    <section aria-labelledby="payment-title">
      <p>
        <Link to="/admin/payments">{t("admin.payments.back")}</Link>
      </p>
      <h2 id="payment-title" className="h5">
        {loaderData.title}
      </h2>
      <dl className="row admin-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="col-12 col-md-6 mb-2">
            <dt className="fw-normal text-body-secondary">{label}</dt>
            <dd className="mb-0 admin-wrap">{value}</dd>
          </div>
        ))}
      </dl>

      <h3 className="h6 mt-3">{t("admin.payments.ledger")}</h3>
      <div className="admin-scroll">
        <table className="table align-middle admin-table">
          <thead>
            <tr>
              <th scope="col">{t("transactions.date")}</th>
              <th scope="col">{t("transactions.what")}</th>
              <th scope="col">{t("transactions.credits")}</th>
              <th scope="col">{t("transactions.balance")}</th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((entry) => {
              const kind = t(keyOf(`transactions.kinds.${entry.kind}`));
              return (
                <tr key={entry.id}>
                  <td>{dates.format("moment", entry.created_at)}</td>
                  <td>{entry.refused ? t("transactions.refused", { kind }) : kind}</td>
                  <td>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
                  <td>{entry.balance_after}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h3 className="h6 mt-3">{t("admin.payments.refund")}</h3>
      {refund && (
        <dl className="row admin-facts" data-testid="refund">
          {(
            [
              [t("admin.payments.status"), t(keyOf(`returns.states.${refund.status}`))],
              [t("admin.payments.refundAmount"), money(refund.amount)],
              [t("admin.payments.refundCredits"), t("credits.amount", { count: refund.credits })],
              [t("admin.payments.reason"), refund.reason ?? t("admin.payments.memberReturn")],
              [t("admin.payments.refundId"), refund.provider_refund_id ?? "—"],
            ] as [string, string][]
          ).map(([label, value]) => (
            <div key={label} className="col-12 col-md-6 mb-2">
              <dt className="fw-normal text-body-secondary">{label}</dt>
              <dd className="mb-0 admin-wrap">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {loaderData.refundable ? (
        <RefundForm
          amount={money(payment.amount)}
          credits={Math.min(payment.credits, loaderData.member_credits)}
          formKey={loaderData.key}
          refusal={refusal}
          here={here}
        />
      ) : (
        !refund && <p>{t("admin.payments.notRefundable")}</p>
      )}
    </section>
  );
}

function RefundForm({
  amount,
  credits,
  formKey,
  refusal,
  here,
}: {
  amount: string;
  credits: number;
  formKey: string;
  refusal: RefundRefusal | undefined;
  here: string;
}) {
  const { t } = useTranslation();
  const invalid = Boolean(refusal?.fieldError);
  return (
    <Form method="post" noValidate className="col-lg-8" aria-describedby="refund-intro">
      <p id="refund-intro">{t("admin.payments.refundIntro", { count: credits, amount })}</p>
      {refusal?.stepUp && (
        <div className="alert alert-warning" role="alert">
          {t("admin.payments.stepUp")}{" "}
          <a href={`/admin/confirm?next=${encodeURIComponent(here)}`} className="alert-link">
            {t("admin.payments.stepUpLink")}
          </a>
        </div>
      )}
      {refusal?.message && (
        <div className="alert alert-danger" role="alert">
          {t(keyOf(refusal.message))}
        </div>
      )}
      <input type="hidden" name="key" value={formKey} />
      <div className="mb-3">
        <label htmlFor="refund-reason" className="form-label">
          {t("admin.payments.reason")}
        </label>
        <textarea
          id="refund-reason"
          name="reason"
          rows={3}
          maxLength={500}
          required
          className={`form-control${invalid ? " is-invalid" : ""}`}
          defaultValue={refusal?.reason ?? ""}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? "refund-reason-error refund-reason-hint" : "refund-reason-hint"}
        />
        <div id="refund-reason-hint" className="form-text">
          {t("admin.payments.reasonHint")}
        </div>
        {invalid && (
          <div id="refund-reason-error" className="invalid-feedback d-block">
            {t(keyOf(refusal!.fieldError!))}
          </div>
        )}
      </div>
      <SubmitButton className="btn btn-danger">{t("admin.payments.submit", { amount })}</SubmitButton>
    </Form>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
