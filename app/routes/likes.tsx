import { data, NavLink } from "react-router";
import { ProfileCard } from "~/components/profile-card";
import "~/styles/likes.scss";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { likesResponseSchema } from "../../contract/members";
import type { Route } from "./+types/likes";

export const handle: RouteHandle = { hydrate: true };

const tabs = ["received", "given", "matches"] as const;
type Tab = (typeof tabs)[number];

/** Likes received (new first, with a badge), likes given, and matches: mutual likes (docs/product.md §2, §4). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const tab = (params.type ?? "received") as Tab;
  if (!tabs.includes(tab)) throw data(null, { status: 404 });
  const { profiles, liked_by } = await callApi(call, "/likes.php", { schema: likesResponseSchema });
  const given = new Set(profiles.map((p) => p.id));
  const matches = liked_by.filter((p) => given.has(p.id));
  const lists = { received: liked_by, given: profiles, matches };
  return {
    tab,
    profiles: lists[tab].map((p) => ({ ...p, like_new: "like_new" in p ? p.like_new : false })),
    counts: { received: liked_by.length, given: profiles.length, matches: matches.length },
    newCount: liked_by.filter((p) => p.like_new).length,
    title: getI18n(context).t("likes.title"),
  };
}

export default function Likes({ loaderData }: Route.ComponentProps) {
  const { t, formatNumber } = useTranslation();
  const root = useRootData();
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      <nav aria-label={t("likes.tabs")}>
        <ul className="nav nav-tabs likes-tabs mb-3">
          {tabs.map((tab) => (
            <li className="nav-item" key={tab}>
              <NavLink
                to={tab === "received" ? "/likes" : `/likes/${tab}`}
                end
                className={() => `nav-link${loaderData.tab === tab ? " active" : ""}`}
                aria-current={loaderData.tab === tab ? "page" : undefined}
              >
                <span className="d-block">{t(`likes.tab.${tab}`)}</span>
                <span className="badge text-bg-light border">{formatNumber(loaderData.counts[tab])}</span>
                {tab === "received" && loaderData.newCount > 0 && (
                  <span className="badge text-bg-danger ms-1">
                    {t("likes.newCount", { count: loaderData.newCount })}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.profiles.length === 0 ? (
        <p className="text-body-secondary">{t(`likes.empty.${loaderData.tab}`)}</p>
      ) : (
        <ul className="row g-3 list-unstyled">
          {loaderData.profiles.map((profile, index) => (
            <li key={profile.id} className="col-6 col-sm-4 col-lg-3 col-xl-2 position-relative">
              {profile.like_new && (
                <span className="badge text-bg-danger position-absolute top-0 start-0 m-2 z-1">{t("likes.new")}</span>
              )}
              <ProfileCard
                profile={profile}
                cdnPrefix={root?.site.cdnPrefix ?? ""}
                to={`/likes/m/${profile.id}`}
                headingLevel={2}
                first={index < 2}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
