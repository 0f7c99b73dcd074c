import { Link } from "react-router";
import { signupCompleteFlag } from "~/components/activation-reminder";
import { ProfileCard } from "~/components/profile-card";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { signupMatchesResponseSchema } from "../../contract/signup";
import type { Route } from "./+types/signup-matches";

export const handle: RouteHandle = { hydrate: true };

/** Suggested members right after signup (docs/product.md §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const { profiles } = await callApi(call, "/signup-matches.php", { schema: signupMatchesResponseSchema });
  return { profiles, title: getI18n(context).t("signupMatches.title") };
}

export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-2">{loaderData.title}</h1>
      <p className="text-body-secondary mb-4">{t("signupMatches.lead")}</p>
      {loaderData.profiles.length === 0 ? (
        <p>{t("signupMatches.none")}</p>
      ) : (
        <ul className="row g-3 list-unstyled">
          {loaderData.profiles.map((profile) => (
            <li key={profile.id} className="col-6 col-sm-4 col-lg-3 col-xl-2">
              <ProfileCard
                profile={profile}
                cdnPrefix={root?.site.cdnPrefix ?? ""}
                to={`/members/${profile.id}?${signupCompleteFlag}=1`}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      )}
      <Link to={`/members?${signupCompleteFlag}=1`} className="btn btn-primary mt-4">
        {t("signupMatches.more")}
      </Link>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
