import { Link } from "react-router";
import { PremiumPackage } from "~/components/premium-package";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { structuredDataMeta } from "~/services/structured-data";
import type { Route } from "./+types/premium";

/** What premium gives (docs/product.md §6.4): it comes with the first purchase of credits, with no subscription. */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("premium.title") };
}

export default function Premium({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const member = root?.member;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3">{loaderData.title}</h1>
          <p className="lead">{t("premium.intro")}</p>
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
