import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import type { Route } from "./+types/complete-signup";

export const handle: RouteHandle = { hydrate: true };

/** Right after signup: check your inbox (with a resend button), then see who matches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  return {
    email: member.email,
    confirmed: member.status === "active",
    name: member.profile.name,
    title: getI18n(context).t("completeSignup.title"),
  };
}

export default function CompleteSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6 text-center">
          <h1 className="h3 mb-3">{t("completeSignup.welcome", { name: loaderData.name })}</h1>
          {loaderData.confirmed ? (
            <p className="lead">{t("completeSignup.confirmed")}</p>
          ) : (
            <>
              <p className="lead">{t("completeSignup.checkInbox", { email: loaderData.email })}</p>
              <Form method="post" action="/activation-mail" className="mb-4">
                <input type="hidden" name="redirectTo" value="/complete-signup" />
                <SubmitButton className="btn btn-outline-dark">{t("activation.resend")}</SubmitButton>
              </Form>
            </>
          )}
          <Link to="/signup-matches" className="btn btn-primary btn-lg">
            {t("completeSignup.seeMatches")}
          </Link>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
