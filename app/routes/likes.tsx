import { data, Link, NavLink } from "react-router";
import { ProfileCard } from "~/components/profile-card";
import "~/styles/likes.scss";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { likesResponseSchema } from "../../contract/likes";
import { likesCountCap, likesLists } from "../../contract/likes-lists";
import type { Route } from "./+types/likes";

export const handle: RouteHandle = { hydrate: true };

const tabs = likesLists;
type Tab = (typeof tabs)[number];

/** `?page=` as a page number: anything else is the first page. */
function pageOf(url: URL) {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

/**
 * Likes received (new first, with a badge), likes given, and matches: mutual likes (docs/product.md §2, §4), 24 a
 * page with links to the previous and next (§7 likes.php: paged).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const tab = (params.type ?? "received") as Tab;
  if (!tabs.includes(tab)) throw data(null, { status: 404 });
  const likes = await callApi(call, "/likes.php", {
    query: { list: tab, page: String(pageOf(new URL(request.url))) },
    schema: likesResponseSchema,
  });
  return {
    tab,
    profiles: likes.profiles,
    page: likes.page,
    pages: likes.pages,
    counts: likes.counts,
    newCount: likes.counts.new,
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
                <span className="badge text-bg-light border">
                  {formatNumber(loaderData.counts[tab])}
                  {/* Counted no further than the cap (docs/product.md §2.9). */}
                  {loaderData.counts[tab] >= likesCountCap && "+"}
                </span>
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
      {loaderData.pages > 1 && <LikesPaging tab={loaderData.tab} page={loaderData.page} pages={loaderData.pages} />}
    </main>
  );
}

/** Plain links to the previous and next page of the list (no script needed), and where this page is. */
function LikesPaging({ tab, page, pages }: { tab: Tab; page: number; pages: number }) {
  const { t } = useTranslation();
  const path = tab === "received" ? "/likes" : `/likes/${tab}`;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <nav
      aria-label={t("likes.paging.label")}
      className="d-flex flex-wrap gap-2 align-items-center justify-content-between mt-3"
    >
      {page > 1 ? (
        <Link className="btn btn-outline-primary" to={href(Math.min(page, pages) - 1)} rel="prev">
          {t("likes.paging.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-body-secondary">{t("likes.paging.position", { page, pages })}</span>
      {page < pages ? (
        <Link className="btn btn-outline-primary" to={href(page + 1)} rel="next">
          {t("likes.paging.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
