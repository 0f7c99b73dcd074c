import { Link, redirect } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/activate-done";

/** The activation mail's link lands here: it activates, then shows the page without the token. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    try {
      await callApi({ request, context }, "/activate.php", {
        method: "POST",
        body: { token },
        schema: okResponseSchema,
      });
    } catch (error) {
      if (error instanceof ApiCallError && error.status < 500) throw redirect("/activate/error");
      throw error;
    }
    throw redirect("/activate/done");
  }
  return { title: getI18n(context).t("activation.doneTitle") };
}

export default function ActivateDone() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5 text-center">
      <h1 className="h3 mb-3">{t("activation.doneTitle")}</h1>
      <p className="lead">{t("activation.doneBody")}</p>
      <Link to="/members" className="btn btn-primary">
        {t("activation.start")}
      </Link>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
