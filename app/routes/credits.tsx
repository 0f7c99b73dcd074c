import { Link } from "react-router";
import { CreditPrices } from "~/components/credit-prices";
import { PremiumPackage } from "~/components/premium-package";
import { useDates } from "~/hooks/use-dates";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { codeFromAddress } from "~/services/discount-code.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { pageMeta } from "~/services/seo";
import { creditsResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/credits";

/**
 * Buying credits (docs/product.md §1.4): the bundles of the member's currency, the time bonus, what credits buy. A
 * link may carry a discount code (`?code=`): the page says what it gives, or why it does not, and hands it on to
 * the order page of the bundle chosen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const [offer, code] = await Promise.all([
    callApi(call, "/credits.php", { schema: creditsResponseSchema }),
    codeFromAddress(call),
  ]);
  return { ...offer, code, title: getI18n(context).t("credits.title") };
}

export default function Credits({ loaderData }: Route.ComponentProps) {
  const { t, locale, formatNumber } = useTranslation();
  const dates = useDates();
  const { bundles, discount, prices, credits, paid_user, code } = loaderData;
  const withCode = code?.percentage ? `?${new URLSearchParams({ code: code.code })}` : "";
  const premiumVariant = useRootData()?.site.premiumVariant ?? "p0";
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-1">{loaderData.title}</h1>
      <p className="text-body-secondary">
        {t("credits.balance", { count: credits })}
        {paid_user ? ` · ${t("credits.premiumMember")}` : ` · ${t("credits.firstMakesPremium")}`}
      </p>
      {code && (
        <p className={`alert ${code.error ? "alert-warning" : "alert-success"}`} role="status">
          {code.error ? (
            <>
              <strong>{code.code}</strong>: {t(code.error)}
            </>
          ) : (
            t("credits.codeFromLink", { code: code.code, percentage: formatNumber(code.percentage) })
          )}
        </p>
      )}
      {discount && !code?.percentage && (
        <div className="alert alert-success" role="status">
          {t("credits.discountApplied", { code: discount.code, percentage: formatNumber(discount.value_percentage) })}
          {discount.expires && (
            <>
              {" "}
              {t("credits.discountUntil", {
                time: dates.format("moment", discount.expires),
              })}
            </>
          )}
        </div>
      )}
      <ul className="row g-3 list-unstyled mb-4">
        {bundles.map((bundle, index) => (
          <li key={bundle.id} className="col-12 col-sm-6 col-lg-3">
            <div className={`card h-100 text-center${index === 1 ? " border-primary" : ""}`}>
              <div className="card-body d-flex flex-column">
                <h2 className="h4 card-title">{t("credits.amount", { count: bundle.credits })}</h2>
                <p className="fs-4 mb-0">
                  {bundle.discounted_price ? (
                    <>
                      <del className="text-body-secondary fs-6 me-2">
                        <span className="visually-hidden">{t("credits.oldPrice")} </span>
                        {formatMoney(locale, bundle.price)}
                      </del>
                      <span className="visually-hidden">{t("credits.newPrice")} </span>
                      {formatMoney(locale, bundle.discounted_price)}
                    </>
                  ) : (
                    formatMoney(locale, bundle.price)
                  )}
                </p>
                <p className="small text-body-secondary">
                  {t("credits.perCredit", {
                    price: formatMoney(
                      locale,
                      {
                        cents: (bundle.discounted_price ?? bundle.price).cents / bundle.credits,
                        currency: bundle.price.currency,
                      },
                      3,
                    ),
                  })}
                </p>
                <p className="small">
                  {t("credits.buysMessages", { count: Math.floor(bundle.credits / prices.message) })}
                </p>
                <Link to={`/credits/${bundle.id}${withCode}`} className="btn btn-primary mt-auto">
                  {t("credits.choose", { count: bundle.credits })}
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="row g-4 mb-3">
        <div className="col-12 col-lg-7">
          <h2 className="h5">{t("credits.whatCreditsBuy")}</h2>
          <CreditPrices prices={prices} bundles={bundles} />
        </div>
        {!paid_user && (
          <div className="col-12 col-lg-5">
            <PremiumPackage variant={premiumVariant} />
          </div>
        )}
      </div>
      <p className="small text-body-secondary">
        {t("credits.noSubscription")} <Link to="/pages/return-policy">{t("credits.returns")}</Link> ·{" "}
        <Link to="/credits/returns">{t("credits.returnCredits")}</Link> ·{" "}
        <Link to="/credits/repeat-order">{t("credits.repeatOrder")}</Link> ·{" "}
        <Link to="/transactions">{t("transactions.title")}</Link> · <Link to="/premium">{t("premium.title")}</Link>
      </p>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
