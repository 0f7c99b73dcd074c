import { data, useActionData } from "react-router";
import { signupCompleteFlag } from "~/components/activation-reminder";
import { ErrorPage } from "~/components/error-page";
import { FictionalMarker } from "~/components/fictional-marker";
import { MemberPhoto } from "~/components/member-photo";
import { SignupPanel } from "~/components/signup-steps-form";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { ApiCallError, type CallContext, callApi } from "~/services/api.server";
import { requireVisitor } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { handleSignupStep, signupChoices, signupRefusal } from "~/services/signup.server";
import { profileResponseSchema } from "../../contract/members";
import type { Route } from "./+types/members-id-signup";

export const handle: RouteHandle = { hydrate: true };

async function teaser(call: CallContext, id: string) {
  try {
    return (await callApi(call, "/profile.php", { query: { id }, schema: profileResponseSchema })).profile;
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}

/** Signing up from a member's profile (docs/product.md §2): their teaser beside the form, and their profile afterwards. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireVisitor(call);
  const invite = new URL(request.url).searchParams.get("invite");
  const [profile, refusal, choices] = await Promise.all([
    teaser(call, params.id),
    signupRefusal(call, invite),
    signupChoices(call, invite),
  ]);
  return { profile, refusal, choices, title: getI18n(context).t("signup.fromProfile", { name: profile.name }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  await requireVisitor(call);
  const profile = await teaser(call, params.id);
  return handleSignupStep(call, await request.formData(), {
    next: `/members/${profile.id}?${signupCompleteFlag}=1`,
    profileId: profile.id,
  });
}

export default function MemberSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const { profile } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row g-4 justify-content-center align-items-start">
        <div className="col-12 col-md-5 col-lg-4 text-center">
          {profile.main_image ? (
            <MemberPhoto
              src={`${root?.site.cdnPrefix}/${profile.main_image.filename}`}
              alt={t("profile.photoOf", { name: profile.name })}
              className="img-fluid rounded-3 shadow-sm teaser-photo"
              width={480}
              height={600}
            />
          ) : (
            <div
              className="profile-card-placeholder rounded-3 teaser-photo"
              role="img"
              aria-label={t("profile.noPhoto")}
            />
          )}
          <h1 className="h3 mt-3 mb-1">
            {profile.name}, {profile.age}
            {profile.fictional && <FictionalMarker />}
          </h1>
          {profile.city && <p className="text-body-secondary">{profile.city}</p>}
          {profile.fictional && <p className="small alert alert-info">{t("profile.fictionalNotice")}</p>}
        </div>
        <div className="col-12 col-md-7 col-lg-5">
          <h2 className="h4 mb-3">{loaderData.title}</h2>
          <SignupPanel
            refusal={loaderData.refusal}
            state={actionData}
            choices={loaderData.choices}
            action={`/members/${profile.id}/signup`}
          />
        </div>
      </div>
    </main>
  );
}

/** A profile that does not exist (or is no longer shown) gets its own message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} messages={{ 404: "errors.profileNotFound" }} />;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
