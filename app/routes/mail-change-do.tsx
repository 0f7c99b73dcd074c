import { Link } from "react-router";
import { z } from "zod";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { getMember } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import type { Route } from "./+types/mail-change-do";

/** The link mailed to a new address confirms it; then on to settings (or login), saying so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    try {
      const { email } = await callApi(call, "/mail-change.php", {
        method: "PUT",
        body: { token },
        schema: z.object({ ok: z.literal(true), email: z.string() }),
      });
      const next = (await getMember(call)) ? "/notifications" : "/login";
      throw await redirectWithFlash(request, next, { message: "settings.emailChanged", values: { email } });
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    }
  }
  return { title: getI18n(context).t("reset.linkInvalid") };
}

export default function MailChangeDo() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5 text-center">
      <h1 className="h3 mb-3">{t("reset.linkInvalid")}</h1>
      <Link to="/notifications" className="btn btn-primary">
        {t("nav.settings")}
      </Link>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
