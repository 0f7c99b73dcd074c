import { Link } from "react-router";
import { PremiumPackage } from "~/components/premium-package";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { getMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { pageMeta } from "~/services/seo";
import { getSettings } from "~/services/settings.server";
import { structuredDataMeta } from "~/services/structured-data";
import { type Bundle, creditsResponseSchema, pricingResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/premium";

/**
 * What premium gives (docs/product.md §6.4): it comes with the first purchase of credits, with no subscription, so
 * its price is the cheapest bundle's, in credits and in money (§1.4): the member's currency, or the visitor's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await getMember(call);
  let bundles: Bundle[];
  if (member) {
    ({ bundles } = await callApi(call, "/credits.php", { schema: creditsResponseSchema }));
  } else {
    const settings = await getSettings(call);
    const country = settings.geoip_selected_country || settings.geoip_country || undefined;
    ({ bundles } = await callApi(call, "/pricing.php", { query: { country }, schema: pricingResponseSchema }));
  }
  const cheapest = bundles.reduce<Bundle | undefined>(
    (best, bundle) => (best && best.price.cents <= bundle.price.cents ? best : bundle),
    undefined,
  );
  return { title: getI18n(context).t("premium.title"), cheapest };
}

export default function Premium({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const root = useRootData();
  const member = root?.member;
  const { cheapest } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3">{loaderData.title}</h1>
          <p className="lead">{t("premium.intro")}</p>
          {cheapest && !member?.paidUser && (
            <p className="fw-semibold">
              {t("premium.price", {
                credits: t("credits.amount", { count: cheapest.credits }),
                price: formatMoney(locale, cheapest.price),
              })}
            </p>
          )}
          <PremiumPackage variant={root?.site.premiumVariant ?? "p0"}>
            {member?.paidUser ? (
              <p className="alert alert-success mb-0">{t("credits.premiumMember")}</p>
            ) : (
              <Link to={member ? "/credits" : "/signup"} className="btn btn-primary btn-lg w-100">
                {t("premium.cta")}
              </Link>
            )}
          </PremiumPackage>
          <p className="mt-3 small">
            <Link to="/pricing">{t("pricing.title")}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { title: args.loaderData?.title ?? "" }), ...structuredDataMeta(args)];
}
