import { data, Link } from "react-router";
import { PageLinks } from "~/components/page-links";
import { useDates } from "~/hooks/use-dates";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { methodLabel } from "~/services/payment-methods";
import { pageMeta } from "~/services/seo";
import { type LedgerEntry, transactionResponseSchema, transactionsResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/transactions";

/**
 * The member's credit movements, 20 a page, newest first (docs/product.md §2); `/transactions/{id}` is one of them
 * with its payment: a receipt the member can print, with the company's details and the VAT line.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const { t } = getI18n(context);
  if (params.id) {
    if (!/^\d+$/.test(params.id)) throw data(null, { status: 404 });
    const receipt = await callApi(call, "/transaction.php", {
      query: { id: params.id },
      schema: transactionResponseSchema,
    });
    return { receipt, list: null, title: t("transactions.receipt") };
  }
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  if (!/^\d+$/.test(page)) throw data(null, { status: 404 });
  const list = await callApi(call, "/transactions.php", { query: { page }, schema: transactionsResponseSchema });
  return { receipt: null, list, title: t("transactions.title") };
}

function useEntryText() {
  const { t } = useTranslation();
  const dates = useDates();
  return {
    date: (iso: string) => dates.format("moment", iso),
    kind: (entry: LedgerEntry) =>
      entry.refused
        ? t("transactions.refused", { kind: t(`transactions.kinds.${entry.kind}`) })
        : t(`transactions.kinds.${entry.kind}`),
    // A refused spend moved nothing: said in words, so that nobody (nor a screen reader) reads it as a charge.
    delta: (entry: LedgerEntry) =>
      entry.refused
        ? t("transactions.notCharged")
        : `${entry.delta > 0 ? "+" : "−"}${t("credits.amount", { count: Math.abs(entry.delta) })}`,
  };
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  return loaderData.receipt ? (
    <Receipt receipt={loaderData.receipt} title={loaderData.title} />
  ) : (
    <TransactionList list={loaderData.list!} title={loaderData.title} />
  );
}

function TransactionList({
  list,
  title,
}: {
  list: NonNullable<Route.ComponentProps["loaderData"]["list"]>;
  title: string;
}) {
  const { t } = useTranslation();
  const text = useEntryText();
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-body-secondary">{t("credits.balance", { count: list.credits })}</p>
      {list.entries.length === 0 ? (
        <p>{t("transactions.empty")}</p>
      ) : (
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">{t("transactions.date")}</th>
              <th scope="col">{t("transactions.what")}</th>
              <th scope="col" className="text-end">
                {t("transactions.credits")}
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                {t("transactions.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.entries.map((entry) => (
              <tr key={entry.id} className={entry.refused ? "text-body-secondary" : undefined}>
                <td>{text.date(entry.created_at)}</td>
                <td>
                  {entry.payment_id ? (
                    <Link to={`/transactions/${entry.id}`}>{text.kind(entry)}</Link>
                  ) : (
                    text.kind(entry)
                  )}
                </td>
                <td className="text-end">{text.delta(entry)}</td>
                <td className="text-end d-none d-sm-table-cell">{entry.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.pages > 1 && (
        <PageLinks
          page={list.page}
          pages={list.pages}
          href={(n) => `/transactions?page=${n}`}
          label={t("transactions.pages")}
        />
      )}
      <p className="d-flex flex-wrap gap-2">
        <Link to="/credits" className="btn btn-primary">
          {t("nav.credits")}
        </Link>
        <Link to="/credits/returns" className="btn btn-outline-dark">
          {t("credits.returnCredits")}
        </Link>
      </p>
    </main>
  );
}

function Receipt({
  receipt,
  title,
}: {
  receipt: NonNullable<Route.ComponentProps["loaderData"]["receipt"]>;
  title: string;
}) {
  const { t, locale } = useTranslation();
  const root = useRootData();
  const text = useEntryText();
  const { entry, payment, vat_rate } = receipt;
  const vatCents = payment && vat_rate ? Math.round((payment.price.cents * vat_rate) / (100 + vat_rate)) : null;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row justify-content-center">
        <article className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{title}</h1>
          {root && (
            <address className="small">
              <strong>{root.company.name}</strong>
              <br />
              {root.company.address}, {root.company.city}, {root.company.country}
              <br />
              {t("transactions.kvk", { kvk: root.company.kvk })} ·{" "}
              {t("transactions.vatNumber", { vat: root.company.vat })}
            </address>
          )}
          <dl className="row">
            <dt className="col-6">{t("transactions.date")}</dt>
            <dd className="col-6 text-end">{text.date(entry.created_at)}</dd>
            <dt className="col-6">{t("transactions.what")}</dt>
            <dd className="col-6 text-end">{text.kind(entry)}</dd>
            <dt className="col-6">{t("transactions.credits")}</dt>
            <dd className="col-6 text-end">{text.delta(entry)}</dd>
            {payment && (
              <>
                <dt className="col-6">{t("transactions.number")}</dt>
                <dd className="col-6 text-end">{payment.id}</dd>
                <dt className="col-6">{t("checkout.method")}</dt>
                <dd className="col-6 text-end">{methodLabel(t, payment.method)}</dd>
                {payment.discountcode && (
                  <>
                    <dt className="col-6">{t("checkout.code")}</dt>
                    <dd className="col-6 text-end">
                      {payment.discountcode} (−
                      {formatMoney(locale, {
                        cents: payment.original_price.cents - payment.price.cents,
                        currency: payment.price.currency,
                      })}
                      )
                    </dd>
                  </>
                )}
                <dt className="col-6">{t("transactions.total")}</dt>
                <dd className="col-6 text-end fw-bold">{formatMoney(locale, payment.price)}</dd>
                {vatCents !== null && (
                  <>
                    <dt className="col-6 fw-normal small">{t("transactions.vat", { rate: vat_rate })}</dt>
                    <dd className="col-6 text-end small">
                      {formatMoney(locale, { cents: vatCents, currency: payment.price.currency })}
                    </dd>
                  </>
                )}
              </>
            )}
          </dl>
          <p className="small text-body-secondary">{t("transactions.printHint")}</p>
          <Link to="/transactions">{t("transactions.back")}</Link>
        </article>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
