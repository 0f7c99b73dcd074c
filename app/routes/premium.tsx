import { Link } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import type { Route } from "./+types/premium";

/** What premium gives (docs/product.md §6.4): it comes with the first purchase of credits, with no subscription. */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("premium.title") };
}

const benefits = ["allPhotos", "ownPhotos", "conversations", "noSubscription"] as const;

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
          <ul className="list-group mb-4">
            {benefits.map((b) => (
              <li key={b} className="list-group-item">
                {t(`premium.benefits.${b}`)}
              </li>
            ))}
          </ul>
          {member?.paidUser ? (
            <p className="alert alert-success">{t("credits.premiumMember")}</p>
          ) : (
            <Link to={member ? "/credits" : "/signup"} className="btn btn-primary btn-lg w-100">
              {t("premium.cta")}
            </Link>
          )}
          <p className="mt-3 small">
            <Link to="/pricing">{t("pricing.title")}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "" });
}
