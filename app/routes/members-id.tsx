import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { AboutText } from "~/components/about-text";
import { ErrorPage } from "~/components/error-page";
import { FictionalMarker } from "~/components/fictional-marker";
import { MatchNotice } from "~/components/match-notice";
import { MemberPhoto } from "~/components/member-photo";
import { ProfileCard } from "~/components/profile-card";
import { SubmitButton } from "~/components/submit-button";
import { notOnPoll } from "~/hooks/use-polling";
import { keyOf } from "~/i18n/keys";
import { Trans } from "~/i18n/trans";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { type CallContext, callApi } from "~/services/api.server";
import { flashWhenApiUnavailable } from "~/services/api-unavailable.server";
import { getMember, requireMember } from "~/services/auth.server";
import { countryNamer } from "~/services/countries";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n, localeOf } from "~/services/i18n.server";
import { loadProfile } from "~/services/members.server";
import { fieldValueKey } from "~/services/profile-fields";
import { pageMeta } from "~/services/seo";
import { getRegions } from "~/services/settings.server";
import { blockResponseSchema, likeResponseSchema } from "../../contract/members";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/members-id";

export const handle: RouteHandle = { hydrate: true };

/** The 60 s poll refreshes the counts, not the profile (docs/product.md §7.3). */
export const shouldRevalidate = notOnPoll;

/** A member's profile (docs/product.md §2), also at /likes/m/{id}: gallery, fields, interests, buttons, related profiles. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const [profile, member, regions] = await Promise.all([
    loadProfile(call, params.id),
    getMember(call),
    getRegions(call),
  ]);
  const country = countryNamer(localeOf(context))(profile.country);
  const region = regions.find((r) => r.code === profile.region)?.name ?? null;
  return {
    profile,
    country,
    region,
    member: member && { paid: member.paid_user },
    // The confirm step of "Delete conversations with {name}" (docs/product.md §2.19), from this page's and the chat's menu.
    confirmDeleteChats: Boolean(member) && new URL(request.url).searchParams.get("confirm") === "delete-chats",
    title: `${profile.name}, ${profile.age}`,
    photoAlt: getI18n(context).t("profile.photoOf", { name: profile.name }),
    back: new URL(request.url).pathname,
  };
}

/**
 * Like, unlike, block, unblock: forms without JavaScript, fetchers with it. A new match is announced. Deleting the
 * conversations with this member leads to the chat list.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = Number(params.id);
  const back = new URL(request.url).pathname;
  return flashWhenApiUnavailable(request, back, () => memberAction(call, form, intent, id, back));
}

/** Like, block and the deletion of the conversations with this member: buttons of the profile. */
async function memberAction(call: CallContext, form: FormData, intent: string, id: number, back: string) {
  const { request } = call;
  if (intent === "like" || intent === "unlike") {
    const result = await callApi(call, "/like.php", {
      method: intent === "like" ? "POST" : "DELETE",
      body: { id },
      schema: likeResponseSchema,
    });
    const name = String(form.get("name") ?? "");
    if (form.get("js") === "1") return data(result);
    if (result.match) return redirectWithFlash(request, back, { message: "likes.matchFlash", values: { name } });
    return redirect(back);
  }
  if (intent === "block" || intent === "unblock") {
    await callApi(call, "/block.php", {
      method: intent === "block" ? "POST" : "DELETE",
      body: { id },
      schema: blockResponseSchema,
    });
    const message = intent === "block" ? "profile.blockedFlash" : "profile.unblockedFlash";
    return redirectWithFlash(request, back, { message, values: { name: String(form.get("name") ?? "") } });
  }
  if (intent === "delete-chats") {
    await callApi(call, "/chat.php", { method: "DELETE", body: { profile: id }, schema: okResponseSchema });
    const values = { name: String(form.get("name") ?? "") };
    return redirectWithFlash(request, "/chats", { message: "chat.deletedAllWith", values, tone: "info" });
  }
  throw data(null, { status: 400 });
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { profile, member } = loaderData;
  const cdn = root?.site.cdnPrefix ?? "";
  const likeFetcher = useFetcher<{ liked: boolean; match: boolean }>();
  // Optimistic: the button shows the new state while the like travels.
  const pendingIntent = likeFetcher.formData?.get("intent");
  const liked = pendingIntent ? pendingIntent === "like" : likeFetcher.data ? likeFetcher.data.liked : profile.liked;
  const [matchShown, setMatchShown] = useState(false);
  useEffect(() => {
    if (likeFetcher.data?.match) setMatchShown(true);
  }, [likeFetcher.data]);

  const fieldValue = (name: string, value: string | number | null) => {
    if (value === null || value === "") return null;
    if (name === "country") return loaderData.country;
    if (name === "region") return loaderData.region;
    return fieldValueKey[name] ? t(keyOf(`${fieldValueKey[name]}.${value}`)) : String(value);
  };

  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row g-4">
        <div className="col-12 col-md-5 col-lg-4">
          <Gallery profile={profile} cdn={cdn} member={member} />
        </div>
        <div className="col-12 col-md-7 col-lg-8">
          <h1 className="h3 mb-1">
            {profile.name}, {profile.age}
            {profile.fictional && <FictionalMarker />}
          </h1>
          <p className="text-body-secondary">{[profile.city, loaderData.country].filter(Boolean).join(", ")}</p>
          {profile.fictional && <p className="alert alert-info small">{t("profile.fictionalNotice")}</p>}
          {profile.liked_me && (
            <p className="badge text-bg-success fs-6">{t("profile.likesYou", { name: profile.name })}</p>
          )}

          {loaderData.confirmDeleteChats && <DeleteChatsConfirm id={profile.id} name={profile.name} />}
          {member ? (
            <div className="d-flex flex-wrap gap-2 mb-4">
              <likeFetcher.Form method="post">
                <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
                <input type="hidden" name="name" value={profile.name} />
                <JsFlag />
                <SubmitButton className={`btn ${liked ? "btn-outline-primary" : "btn-primary"}`} aria-pressed={liked}>
                  {liked ? t("profile.unlike") : t("profile.like")}
                </SubmitButton>
              </likeFetcher.Form>
              <Link to={`/members/${profile.id}/chat`} className="btn btn-outline-dark">
                {t("profile.message")}
              </Link>
              <Link to={`/members/${profile.id}/chat?gift=1`} className="btn btn-outline-dark">
                {t("profile.gift")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value={profile.blocked ? "unblock" : "block"} />
                <input type="hidden" name="name" value={profile.name} />
                <SubmitButton className="btn btn-outline-danger">
                  {profile.blocked ? t("profile.unblock") : t("profile.block")}
                </SubmitButton>
              </Form>
              <Link
                to={`/report?subject=profile&id=${profile.id}&back=${encodeURIComponent(`/members/${profile.id}`)}`}
                className="btn btn-link"
                rel="nofollow"
              >
                {t("report.profile")}
              </Link>
              <Link to="?confirm=delete-chats" className="btn btn-link text-danger" rel="nofollow">
                {t("chat.deleteAllWith", { name: profile.name })}
              </Link>
            </div>
          ) : (
            <p className="d-flex flex-wrap gap-2 mb-4">
              <Link to={`/members/${profile.id}/signup`} className="btn btn-primary">
                {t("profile.signupToContact", { name: profile.name })}
              </Link>
              <Link to={`/login?redirectTo=${encodeURIComponent(loaderData.back)}`} className="btn btn-outline-dark">
                {t("nav.login")}
              </Link>
            </p>
          )}

          {profile.notes.about && (
            <section className="mb-4" aria-labelledby="about-title">
              <h2 id="about-title" className="h5">
                {t("profile.about")}
              </h2>
              <AboutText text={profile.notes.about} language={profile.about_language} className="profile-about mb-0" />
            </section>
          )}
          <section className="mb-4" aria-labelledby="details-title">
            <h2 id="details-title" className="h5">
              {t("profile.details")}
            </h2>
            <dl className="row mb-0">
              {Object.entries(profile.fields).map(([name, value]) => {
                const shown = fieldValue(name, value);
                return shown === null ? null : (
                  <div key={name} className="col-6 col-lg-4 mb-2">
                    <dt className="small text-body-secondary fw-normal">{t(keyOf(`fields.labels.${name}`))}</dt>
                    <dd className="mb-0">{shown}</dd>
                  </div>
                );
              })}
            </dl>
          </section>
          {profile.interestNames.length > 0 && (
            <section className="mb-4" aria-labelledby="interests-title">
              <h2 id="interests-title" className="h5">
                {t("profile.interests")}
              </h2>
              <ul className="list-inline mb-0">
                {profile.interestNames.map((name) => (
                  <li
                    key={name}
                    className="list-inline-item badge rounded-pill text-bg-light border fs-6 fw-normal mb-1"
                  >
                    {name}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      {profile.related.length > 0 && (
        <section className="mt-4" aria-labelledby="related-title">
          <h2 id="related-title" className="h5">
            {t("profile.related")}
          </h2>
          <ul className="row g-3 list-unstyled">
            {profile.related.map((p) => (
              <li key={p.id} className="col-6 col-sm-4 col-lg-2">
                <ProfileCard profile={p} cdnPrefix={cdn} to={`/members/${p.id}`} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {matchShown && (
        <MatchNotice
          name={profile.name}
          photo={profile.main_image ? `${cdn}/${profile.main_image.thumb_filename}` : null}
          profileHref={`/members/${profile.id}`}
          onClose={() => setMatchShown(false)}
        />
      )}
    </main>
  );
}

/** The confirm step of deleting every conversation with this member: a plain form, with or without JavaScript. */
function DeleteChatsConfirm({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  return (
    <section className="alert alert-warning" aria-labelledby="delete-chats-title">
      <h2 id="delete-chats-title" className="h5">
        {t("chat.deleteAllConfirmTitle", { name })}
      </h2>
      <p>{t("chat.deleteConfirm", { name })}</p>
      <Form method="post" className="d-flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete-chats" />
        <input type="hidden" name="name" value={name} />
        <SubmitButton className="btn btn-danger">{t("chat.deleteAllWith", { name })}</SubmitButton>
        <Link to={`/members/${id}`} className="btn btn-light border">
          {t("chat.keep")}
        </Link>
      </Form>
    </section>
  );
}

/** Tells the action that a script sent the form, so it answers data instead of redirecting. */
function JsFlag() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}

/** The photo gallery with its count; photos the viewer may not see are blurred, with a way to see them. */
function Gallery({
  profile,
  cdn,
  member,
}: {
  profile: Route.ComponentProps["loaderData"]["profile"];
  cdn: string;
  member: { paid: boolean } | null;
}) {
  const { t } = useTranslation();
  const [main, ...rest] = profile.photos;
  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title" className="visually-hidden">
        {t("profile.photos")}
      </h2>
      {main ? (
        <MemberPhoto
          src={`${cdn}/${main.filename}`}
          alt={t("profile.photoOf", { name: profile.name })}
          width={480}
          height={600}
          className="img-fluid rounded-3 shadow-sm w-100 teaser-photo"
          fetchPriority="high"
        />
      ) : (
        <div className="profile-card-placeholder rounded-3" role="img" aria-label={t("profile.noPhoto")} />
      )}
      <p className="small text-body-secondary mt-2 mb-2">
        {t("profile.photoCount", { count: profile.photo_count })}
        {member && main && (
          <>
            {" · "}
            <Link
              to={`/report?subject=photo&id=${main.id}&back=${encodeURIComponent(`/members/${profile.id}`)}`}
              rel="nofollow"
            >
              {t("report.photo")}
            </Link>
          </>
        )}
      </p>
      <div className="row g-2">
        {rest.map((photo) => (
          <div className="col-4" key={photo.id}>
            <a href={`${cdn}/${photo.filename}`}>
              <MemberPhoto
                src={`${cdn}/${photo.thumb_filename}`}
                alt={t("profile.photoOf", { name: profile.name })}
                width={160}
                height={200}
                className="img-fluid rounded-2 profile-card-photo"
                loading="lazy"
              />
            </a>
            {member && (
              <Link
                to={`/report?subject=photo&id=${photo.id}&back=${encodeURIComponent(`/members/${profile.id}`)}`}
                className="small"
                rel="nofollow"
                aria-label={t("report.photo")}
              >
                {t("report.message")}
              </Link>
            )}
          </div>
        ))}
        {Array.from({ length: profile.locked_photos }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders; only their number matters.
          <div className="col-4" key={`locked-${i}`}>
            <div className="locked-photo rounded-2" aria-hidden="true" />
          </div>
        ))}
      </div>
      {profile.locked_photos > 0 && (
        <p className="small mt-2">
          {member ? (
            <Trans i18nKey="profile.lockedPremium" components={{ premium: <Link to="/premium" /> }} />
          ) : (
            <Trans
              i18nKey="profile.lockedVisitor"
              components={{ signup: <Link to={`/members/${profile.id}/signup`} /> }}
            />
          )}
        </p>
      )}
    </section>
  );
}

/** A profile that does not exist (or is no longer shown) gets its own message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} messages={{ 404: "errors.profileNotFound" }} />;
}

export function meta(args: Route.MetaArgs) {
  const profile = args.loaderData?.profile;
  return pageMeta(args, {
    title: args.loaderData?.title ?? "",
    description: profile?.about.slice(0, 150) || undefined,
    memberPage: true,
    image: profile?.main_image ? { url: profile.main_image.match, alt: args.loaderData!.photoAlt } : undefined,
  });
}
