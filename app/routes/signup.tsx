import { Link, useActionData, useNavigation } from "react-router";
import { SignupStepsForm } from "~/components/signup-steps-form";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { requireVisitor } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { handleSignupStep, signupChoices, signupRefusal } from "~/services/signup.server";
import type { Route } from "./+types/signup";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireVisitor(call);
  const invite = new URL(request.url).searchParams.get("invite");
  const [refusal, choices] = await Promise.all([signupRefusal(call, invite), signupChoices(call, invite)]);
  return { refusal, choices, title: getI18n(context).t("signup.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireVisitor({ request, context });
  return handleSignupStep({ request, context }, await request.formData(), { next: "/complete-signup" });
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-sm-10 col-md-7 col-lg-5">
          <h1 className="h3 mb-4">{loaderData.title}</h1>
          {loaderData.refusal ? (
            <div className="alert alert-warning" role="alert">
              {t(keyOf(loaderData.refusal))}
            </div>
          ) : (
            <div className="card card-body shadow-sm">
              <SignupStepsForm
                state={actionData ?? { step: 0, values: {} }}
                choices={loaderData.choices}
                action="/signup"
                busy={navigation.state === "submitting"}
              />
            </div>
          )}
          <p className="mt-3 text-center">
            {t("signup.haveAccount")} <Link to="/login">{t("nav.login")}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: true });
}
