import { Link } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { deletionDays } from "~/services/site-info";
import type { Route } from "./+types/account-deleted";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("deletion.doneTitle") };
}

/** After deleting: what happens now, and how to change one's mind within 14 days (docs/product.md §4). */
export default function AccountDeleted({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="mx-auto legal-page text-center">
        <h1 className="h3 mb-3">{loaderData.title}</h1>
        <p className="lead">{t("deletion.doneBody", { count: deletionDays })}</p>
        <p>{t("deletion.changeMind", { count: deletionDays })}</p>
        <Link to="/login" className="btn btn-outline-dark">
          {t("nav.login")}
        </Link>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
