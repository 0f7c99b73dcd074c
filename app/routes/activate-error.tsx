import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import type { Route } from "./+types/activate-error";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("activation.failed") };
}

/** docs/product.md §8 'Activation failed', with a way to get a new link. */
export default function ActivateError() {
  const { t } = useTranslation();
  const member = useRootData()?.member;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5 text-center">
      <h1 className="h3 mb-3">{t("activation.failed")}</h1>
      <p className="lead">{t("activation.failedBody")}</p>
      {member ? (
        <Form method="post" action="/activation-mail">
          <input type="hidden" name="redirectTo" value="/" />
          <SubmitButton className="btn btn-primary">{t("activation.resend")}</SubmitButton>
        </Form>
      ) : (
        <Link to="/login" className="btn btn-primary">
          {t("nav.login")}
        </Link>
      )}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
