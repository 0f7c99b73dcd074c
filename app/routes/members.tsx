import { useEffect, useState } from "react";
import { Link, redirect, useFetcher, useLocation } from "react-router";
import { PageLinks } from "~/components/page-links";
import { ProfileCard } from "~/components/profile-card";
import { SearchForm } from "~/components/search-form";
import "~/styles/search-form.scss";
import { SignupLink } from "~/components/signup-modal";
import { SubmitButton } from "~/components/submit-button";
import { notOnPoll } from "~/hooks/use-polling";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { ApiCallError, callApi } from "~/services/api.server";
import { getMember } from "~/services/auth.server";
import { trackingCookie } from "~/services/cookies.server";
import { countryOptions, sortByName } from "~/services/countries";
import { getI18n, localeOf } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { getRegions, getSettings } from "~/services/settings.server";
import { type ProfileCard as Card, type SearchResponse, searchResponseSchema } from "../../contract/members";
import type { Route } from "./+types/members";

export const handle: RouteHandle = { hydrate: true };

/** The 60 s poll refreshes the counts, not the results (docs/product.md §7.3). */
export const shouldRevalidate = notOnPoll;

const searchKeys = ["gender", "country", "countryregion", "min_age", "max_age"] as const;

/** Search results (docs/product.md §2 members): 24 a page, with page links, and similar profiles when the search is narrow. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const url = new URL(request.url);
  const [settings, member, regions] = await Promise.all([getSettings(call), getMember(call), getRegions(call)]);
  const values = Object.fromEntries(
    searchKeys.flatMap((k) => (url.searchParams.get(k) ? [[k, url.searchParams.get(k)!]] : [])),
  );
  const tracking = await trackingCookie.parse(request.headers.get("cookie"));
  let result: SearchResponse;
  try {
    result = await callApi(call, "/members.php", {
      query: {
        ...values,
        page: url.searchParams.get("page") ?? undefined,
        trafficsource: tracking?.network || tracking?.ref ? "1" : undefined,
      },
      schema: searchResponseSchema,
    });
  } catch (error) {
    // Visitors on a site without logged-out search are asked to log in first.
    if (error instanceof ApiCallError && error.code === "authentication_required")
      throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    if (error instanceof ApiCallError && error.code === "validation_failed") throw redirect("/members");
    throw error;
  }
  const locale = localeOf(context);
  const { t } = getI18n(context);
  return {
    ...result,
    values,
    member: Boolean(member),
    fields: settings.search_fields,
    countries: countryOptions(locale, settings.countries),
    regions: sortByName(
      locale,
      regions.filter((r) => r.country === values.country),
    ),
    title: t("search.title"),
    description: t("meta.membersDescription", { site: settings.name }),
  };
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const more = useFetcher<typeof loader>();
  // With JavaScript, "more" appends the next page; without, the page links below do the same job.
  const [extra, setExtra] = useState<Card[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (a new query string) starts a new list.
  useEffect(() => setExtra([]), [location.search]);
  useEffect(() => {
    if (more.data)
      setExtra((shown) => [...shown, ...more.data!.profiles.filter((p) => !shown.some((s) => s.id === p.id))]);
  }, [more.data]);
  const lastPage = more.data?.page ?? loaderData.page;
  const profiles = [...loaderData.profiles, ...extra];
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `/members?${params}`;
  };
  // The first two cards of the results are above the fold; similar profiles never are. Results sit under the h1,
  // similar profiles under their h2.
  const card = (profile: Card, index = Infinity, headingLevel: 2 | 3 = 2) => (
    <li key={profile.id} className="col-6 col-sm-4 col-lg-3 col-xl-2">
      <ProfileCard
        profile={profile}
        cdnPrefix={root?.site.cdnPrefix ?? ""}
        to={`/members/${profile.id}`}
        headingLevel={headingLevel}
        first={index < 2}
      />
    </li>
  );
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      {!loaderData.limited && (
        // The member's other ways to meet someone (docs/product.md §2.10, §2.11): no other page links them.
        <p className="d-flex flex-wrap gap-2 mb-3">
          <Link to="/swipe-game">{t("swipe.title")}</Link>
          <Link to="/match-finder">{t("matchFinder.title")}</Link>
        </p>
      )}
      <SearchForm
        values={loaderData.values}
        fields={loaderData.fields}
        countries={loaderData.countries}
        regions={loaderData.regions}
      />
      <p className="text-body-secondary" aria-live="polite">
        {loaderData.total_capped
          ? t("search.countCapped", { total: loaderData.total })
          : t("search.count", { count: loaderData.total })}
      </p>
      {profiles.length === 0 ? (
        <p>{t("search.none")}</p>
      ) : (
        <ul className="row g-3 list-unstyled">{profiles.map((profile, index) => card(profile, index))}</ul>
      )}

      {loaderData.limited
        ? loaderData.total > profiles.length && (
            <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center mt-3">
              <span className="me-auto">{t("search.visitorMore")}</span>
              <SignupLink className="btn btn-primary">{t("index.signupCta")}</SignupLink>
            </div>
          )
        : lastPage < loaderData.pages && (
            <div className="d-flex flex-wrap gap-2 align-items-center justify-content-center mt-4">
              <more.Form method="get" action="/members">
                {Object.entries(loaderData.values).map(([k, v]) => (
                  <input key={k} type="hidden" name={k} value={v} />
                ))}
                <input type="hidden" name="page" value={lastPage + 1} />
                <SubmitButton className="btn btn-primary" busy={more.state !== "idle"}>
                  {t("search.more")}
                </SubmitButton>
              </more.Form>
            </div>
          )}
      {!loaderData.limited && loaderData.pages > 1 && (
        <PageLinks page={loaderData.page} pages={loaderData.pages} href={pageHref} label={t("search.pages")} />
      )}

      {loaderData.similar && loaderData.similar.total > 0 && (
        <section className="mt-5" aria-labelledby="similar-title">
          <h2 id="similar-title" className="h5">
            {loaderData.similar.total_capped
              ? t("search.similarCapped", { total: loaderData.similar.total })
              : t("search.similar", { count: loaderData.similar.total })}
          </h2>
          <ul className="row g-3 list-unstyled">
            {loaderData.similar.profiles.map((profile) => card(profile, Infinity, 3))}
          </ul>
        </section>
      )}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", description: args.loaderData?.description });
}
