import { data, Link } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { pageMeta } from "~/services/seo";
import { paymentResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/payment-result";

/** Seconds between looks at a payment still on its way. */
const refreshSeconds = 5;

/**
 * Where the provider sends the payer back (docs/product.md §4 payment states). The API asks the provider about an
 * open or pending payment, so this page shows the truth even before the webhook. One still on its way reloads
 * itself (a meta refresh, with or without JavaScript) and offers a link to look again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  const answer = await callApi(call, "/payment.php", { query: { id: String(id) }, schema: paymentResponseSchema });
  return { ...answer, title: getI18n(context).t(`payment.title.${stateOf(answer.payment.status)}`) };
}

type State = "pending" | "completed" | "failed";
function stateOf(status: string): State {
  if (status === "paid") return "completed";
  return status === "open" || status === "pending" ? "pending" : "failed";
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { payment, credits } = loaderData;
  const state = stateOf(payment.status);
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6 text-center">
          <h1 className="h3 mb-3">{loaderData.title}</h1>
          {state === "pending" && (
            <>
              <meta httpEquiv="refresh" content={String(refreshSeconds)} />
              <div className="spinner-border text-primary mb-3" aria-hidden="true" />
              <p role="status">{t("payment.pendingText")}</p>
              <Link to={`/payment/${payment.id}`} className="btn btn-outline-primary">
                {t("payment.refresh")}
              </Link>
              {payment.checkout_url && (
                <p className="mt-3">
                  <a href={payment.checkout_url}>{t("payment.continue")}</a>
                </p>
              )}
            </>
          )}
          {state === "completed" && (
            <>
              <div className="alert alert-success" role="status">
                {t("payment.completedText", { count: payment.credits })}
              </div>
              <p>{t("credits.balance", { count: credits })}</p>
              <p className="small text-body-secondary">
                {t("payment.paid", { price: formatMoney(locale, payment.price) })}
              </p>
              <Link to="/members" className="btn btn-primary me-2">
                {t("payment.toMembers")}
              </Link>
              <Link to="/transactions" className="btn btn-outline-primary">
                {t("transactions.title")}
              </Link>
            </>
          )}
          {state === "failed" && (
            <>
              <div className="alert alert-danger" role="alert">
                {t("payment.failedText")}
              </div>
              <Link to={`/credits/${payment.bundle_id}/${payment.method}`} className="btn btn-primary me-2">
                {t("payment.retry")}
              </Link>
              {payment.method === "creditcard" && (
                <Link to={`/credits/${payment.bundle_id}/paypal`} className="btn btn-outline-primary">
                  {t("payment.withPaypal")}
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
