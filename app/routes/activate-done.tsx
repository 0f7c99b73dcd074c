import { Link, redirect } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { getI18n } from "~/services/i18n.server";
import { loadLanding } from "~/services/members.server";
import { pageMeta } from "~/services/seo";
import { activateResponseSchema } from "../../contract/account";
import type { Route } from "./+types/activate-done";

/**
 * The activation mail's link lands here: it activates, then shows the page without the token. A member who signed
 * up from another member's page or landing is offered to write to them first (docs/product.md §2.23).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  if (token) {
    let writeTo: number | null;
    try {
      ({ write_to: writeTo } = await callApi(call, "/activate.php", {
        method: "POST",
        body: { token },
        schema: activateResponseSchema,
      }));
    } catch (error) {
      if (error instanceof ApiCallError && error.status < 500) throw redirect("/activate/error");
      throw error;
    }
    throw redirect(writeTo ? `/activate/done?with=${writeTo}` : "/activate/done");
  }
  const wanted = params.get("with");
  // Only a member the reader may see: anyone else (or a made-up id) leaves the page as it always was.
  const writeTo = wanted ? await loadLanding(call, wanted).catch(() => null) : null;
  return {
    title: getI18n(context).t("activation.doneTitle"),
    writeTo: writeTo && { id: writeTo.id, name: writeTo.name },
  };
}

export default function ActivateDone({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { writeTo } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5 text-center">
      <h1 className="h3 mb-3">{t("activation.doneTitle")}</h1>
      <p className="lead">{t("activation.doneBody")}</p>
      {writeTo && <p>{t("activation.signedUpFor", { name: writeTo.name })}</p>}
      <p className="d-flex flex-wrap gap-2 justify-content-center">
        {writeTo && (
          <Link to={`/members/${writeTo.id}/chat`} className="btn btn-primary">
            {t("landing.write", { name: writeTo.name })}
          </Link>
        )}
        <Link to="/members" className={writeTo ? "btn btn-outline-primary" : "btn btn-primary"}>
          {t("activation.start")}
        </Link>
      </p>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
