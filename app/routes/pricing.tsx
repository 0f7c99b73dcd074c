import { Link } from "react-router";
import { CreditPrices } from "~/components/credit-prices";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { pageMeta } from "~/services/seo";
import { getSettings } from "~/services/settings.server";
import { structuredDataMeta } from "~/services/structured-data";
import { pricingResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/pricing";

/** The public price list (docs/product.md §2 pricing): bundles and what messages, photos and gifts cost. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const settings = await getSettings(call);
  const country = settings.geoip_selected_country || settings.geoip_country || undefined;
  const pricing = await callApi(call, "/pricing.php", { query: { country }, schema: pricingResponseSchema });
  return { ...pricing, title: getI18n(context).t("pricing.title") };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const root = useRootData();
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3">{loaderData.title}</h1>
      <p>{t("pricing.intro", { currency: loaderData.currency })}</p>
      <table className="table align-middle">
        <thead>
          <tr>
            <th scope="col">{t("checkout.bundle")}</th>
            <th scope="col">{t("checkout.price")}</th>
            <th scope="col">{t("pricing.perCredit")}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.bundles.map((bundle) => (
            <tr key={bundle.id}>
              <th scope="row" className="fw-normal">
                {t("credits.amount", { count: bundle.credits })}
              </th>
              <td>{formatMoney(locale, bundle.price)}</td>
              <td>
                {formatMoney(
                  locale,
                  { cents: bundle.price.cents / bundle.credits, currency: bundle.price.currency },
                  3,
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="h5">{t("credits.whatCreditsBuy")}</h2>
      <CreditPrices prices={loaderData.prices} bundles={loaderData.bundles} />
      <p className="small text-body-secondary">
        {t("credits.noSubscription")} <Link to="/pages/return-policy">{t("credits.returns")}</Link>
      </p>
      {!root?.member && (
        <Link to="/signup" className="btn btn-primary">
          {t("pricing.join")}
        </Link>
      )}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { title: args.loaderData?.title ?? "" }), ...structuredDataMeta(args)];
}
