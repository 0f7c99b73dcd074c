import { Link, useActionData } from "react-router";
import { NarrowPage } from "~/components/narrow-page";
import { SignupPanel } from "~/components/signup-steps-form";
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
  return (
    <NarrowPage title={loaderData.title}>
      <SignupPanel refusal={loaderData.refusal} state={actionData} choices={loaderData.choices} action="/signup" />
      <p className="mt-3 text-center">
        {t("signup.haveAccount")} <Link to="/login">{t("nav.login")}</Link>
      </p>
    </NarrowPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: true });
}
