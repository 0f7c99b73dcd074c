import { Link, redirect } from "react-router";
import { WithFictionalIcon } from "~/components/fictional-marker";
import { ProfileCard } from "~/components/profile-card";
import { SignupLink } from "~/components/signup-modal";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { getMember } from "~/services/auth.server";
import { getI18n, localeOf } from "~/services/i18n.server";
import { pageMeta, rootDataOf } from "~/services/seo";
import { structuredDataMeta } from "~/services/structured-data";
import { landerResponseSchema } from "../../contract/niche-landers";
import type { Route } from "./+types/index";
import "~/styles/niches.scss";

/**
 * A member who opens the home page goes on to the members area (issue 4). A visitor sees a few real members of the
 * site's niche, and its accent (docs/product.md §2.25).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (await getMember(call)) throw redirect("/members");
  const { niche, profiles } = await callApi(call, "/lander.php", { schema: landerResponseSchema });
  const t = getI18n(context).getFixedT(localeOf(context), "landers");
  return { niche, members: profiles.slice(0, 6), membersTitle: t("shared.membersTitle") };
}

/** The landing page: complete HTML, no script (a crawler's and a scriptless phone's first page). */
export default function Index({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const member = root?.member;
  return (
    <main id="main" className={`flex-grow-1 niche-${loaderData.niche}`}>
      <section className="hero text-white">
        <div className="container-lg py-5">
          <p className="fw-semibold mb-2">{t(`landing.niches.${loaderData.niche}`)}</p>
          <h1 className="display-5 fw-bold mb-3">{t("index.title")}</h1>
          <p className="lead mb-4 hero-lead">{t("index.lead", { site: root?.site.name })}</p>
          {!member && (
            <div className="d-flex flex-wrap gap-2">
              <SignupLink className="btn btn-light btn-lg">{t("index.signupCta")}</SignupLink>
              <Link to="/login" className="btn btn-outline-light btn-lg">
                {t("index.loginCta")}
              </Link>
            </div>
          )}
        </div>
      </section>
      <section className="container-lg py-5" aria-labelledby="why-title">
        <h2 id="why-title" className="h3 mb-4">
          {t("index.whyTitle", { site: root?.site.name })}
        </h2>
        <div className="row g-4">
          {(["languages", "honest", "credits"] as const).map((key) => (
            <div className="col-12 col-md-4" key={key}>
              <div className="card h-100 border-0 shadow-sm">
                <div className="card-body">
                  <h3 className="h5 text-primary">{t(`index.features.${key}.title`)}</h3>
                  <p className="mb-0">
                    <WithFictionalIcon
                      i18nKey={`index.features.${key}.body`}
                      values={{ count: root?.site.minimumAge }}
                    />
                  </p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
      {loaderData.members.length > 0 && (
        <section className="container-lg mb-5" aria-labelledby="members-title">
          <h2 id="members-title" className="h3 mb-4 text-niche">
            {loaderData.membersTitle}
          </h2>
          <ul className="niche-members">
            {loaderData.members.map((profile) => (
              <li key={profile.id}>
                <ProfileCard
                  profile={profile}
                  cdnPrefix={root?.site.cdnPrefix ?? ""}
                  to={`/members/${profile.id}`}
                  headingLevel={3}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  const root = rootDataOf(args.matches);
  return [
    ...pageMeta(args, { title: root?.site.indexTitle ?? "", description: root?.site.description, exactTitle: true }),
    ...structuredDataMeta(args),
  ];
}
