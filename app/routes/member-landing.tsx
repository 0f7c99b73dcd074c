import { Link } from "react-router";
import { AboutText } from "~/components/about-text";
import { ErrorPage } from "~/components/error-page";
import { FictionalMarker } from "~/components/fictional-marker";
import { MemberPhoto } from "~/components/member-photo";
import { Trans } from "~/i18n/trans";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { getMember } from "~/services/auth.server";
import { countryNamer } from "~/services/countries";
import { getI18n, localeOf } from "~/services/i18n.server";
import { loadLanding } from "~/services/members.server";
import { pageMeta } from "~/services/seo";
import { getSettings } from "~/services/settings.server";
import { nicheSlugOf, parseNicheSlug } from "../../contract/niches";
import type { LandingProfile } from "../../contract/seo";
import type { Route } from "./+types/member-landing";
import "~/styles/landing.scss";

/**
 * A member landing (docs/product.md §2.23), in three designs for adverts: `/members/{id}/landing`, and
 * `/landing2/{slug?}`, `/landing3/{slug?}` whose slug (`milf-de`) chooses the niche and the language (the language
 * is read from the path by the i18n middleware). An unknown slug falls back to the site's niche and the visitor's
 * language. No script: it is complete HTML.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const [profile, settings, member] = await Promise.all([
    loadLanding(call, params.id),
    getSettings(call),
    getMember(call),
  ]);
  const design = Number(/\/landing([23])\//.exec(`${new URL(request.url).pathname}/`)?.[1] ?? 1) as 1 | 2 | 3;
  const t = getI18n(context).t;
  return {
    profile,
    design,
    niche: parseNicheSlug(params.slug)?.niche ?? nicheSlugOf(settings.niche),
    country: countryNamer(localeOf(context))(profile.country),
    member: Boolean(member),
    title: t("landing.title", { name: profile.name }),
    photoAlt: t("profile.photoOf", { name: profile.name }),
  };
}

type LandingData = Route.ComponentProps["loaderData"];

export default function MemberLanding({ loaderData }: Route.ComponentProps) {
  const Design = loaderData.design === 2 ? PhotoCardDesign : loaderData.design === 3 ? ConversationDesign : SplitDesign;
  return (
    <main id="main" className={`flex-grow-1 member-landing niche-${loaderData.niche}`}>
      <Design data={loaderData} />
    </main>
  );
}

/** The first design: the photo beside the member's details, the way a profile reads. */
function SplitDesign({ data }: { data: LandingData }) {
  const { t } = useTranslation();
  const { profile } = data;
  return (
    <div className="container-lg py-5">
      <div className="row g-4 align-items-center justify-content-center">
        <div className="col-12 col-md-5 col-lg-4 text-center">
          <Photo profile={profile} alt={data.photoAlt} className="img-fluid rounded-3 shadow-sm teaser-photo" />
        </div>
        <div className="col-12 col-md-7 col-lg-6">
          <p className="text-primary fw-semibold mb-2">{t(`landing.niches.${data.niche}`)}</p>
          <Heading profile={profile} className="h2 fw-bold mb-1" />
          <Place profile={profile} country={data.country} />
          <FictionalNotice profile={profile} />
          <About profile={profile} />
          <CallToAction data={data} />
        </div>
      </div>
    </div>
  );
}

/** The second design: one large photo card with the name over it, as the swipe game shows members. */
function PhotoCardDesign({ data }: { data: LandingData }) {
  const { t } = useTranslation();
  const { profile } = data;
  return (
    <div className="landing-band py-5">
      <div className="container-lg">
        <p className="text-center text-white fw-semibold mb-3">{t(`landing.niches.${data.niche}`)}</p>
        <article className="card landing-card mx-auto border-0 shadow">
          <div className="landing-card-top">
            <Photo profile={profile} alt={data.photoAlt} className="w-100 landing-card-photo" />
            <div className="landing-card-caption p-3 text-white">
              <Heading profile={profile} className="h2 fw-bold mb-0" />
              <Place profile={profile} country={data.country} className="mb-0" />
            </div>
          </div>
          <div className="card-body">
            <FictionalNotice profile={profile} />
            <About profile={profile} />
            <CallToAction data={data} />
          </div>
        </article>
      </div>
    </div>
  );
}

/** The third design: the member's own words first, the way a conversation would start with them. */
function ConversationDesign({ data }: { data: LandingData }) {
  const { t } = useTranslation();
  const { profile } = data;
  return (
    <div className="container-lg py-5">
      <div className="landing-conversation mx-auto">
        <p className="text-primary fw-semibold text-center mb-3">{t(`landing.niches.${data.niche}`)}</p>
        <div className="d-flex align-items-center gap-3 mb-3">
          <Photo profile={profile} alt={data.photoAlt} className="rounded-circle landing-avatar flex-shrink-0" />
          <div>
            <Heading profile={profile} className="h3 fw-bold mb-0" />
            <Place profile={profile} country={data.country} className="text-body-secondary mb-0" />
          </div>
        </div>
        <FictionalNotice profile={profile} />
        {profile.about && (
          <section className="landing-bubble p-3 mb-3" aria-labelledby="about-title">
            <h2 id="about-title" className="small text-body-secondary mb-1">
              {t("profile.about")}
            </h2>
            <AboutText text={profile.about} language={profile.about_language} className="mb-0 profile-about" />
          </section>
        )}
        <h2 className="h5">{t("landing.startConversation", { name: profile.name })}</h2>
        <CallToAction data={data} />
      </div>
    </div>
  );
}

function Photo({ profile, alt, className }: { profile: LandingProfile; alt: string; className: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  return profile.main_image ? (
    <MemberPhoto
      src={`${root?.site.cdnPrefix}/${profile.main_image.filename}`}
      alt={alt}
      width={480}
      height={600}
      className={className}
      fetchPriority="high"
    />
  ) : (
    <div className={`profile-card-placeholder ${className}`} role="img" aria-label={t("profile.noPhoto")} />
  );
}

function Heading({ profile, className }: { profile: LandingProfile; className: string }) {
  return (
    <h1 className={className}>
      {profile.name}, {profile.age}
      {profile.fictional && <FictionalMarker />}
    </h1>
  );
}

function Place({
  profile,
  country,
  className = "text-body-secondary",
}: {
  profile: LandingProfile;
  country: string;
  className?: string;
}) {
  return <p className={className}>{[profile.city, country].filter(Boolean).join(", ")}</p>;
}

/** docs/product.md §1.5: a fictional profile says so wherever it appears. */
function FictionalNotice({ profile }: { profile: LandingProfile }) {
  const { t } = useTranslation();
  return profile.fictional ? <p className="alert alert-info small">{t("profile.fictionalNotice")}</p> : null;
}

function About({ profile }: { profile: LandingProfile }) {
  const { t } = useTranslation();
  if (!profile.about) return null;
  return (
    <section className="mb-3" aria-labelledby="about-title">
      <h2 id="about-title" className="h5">
        {t("profile.about")}
      </h2>
      <AboutText text={profile.about} language={profile.about_language} className="profile-about mb-0" />
    </section>
  );
}

/**
 * Where the landing leads: a visitor to the signup with this member (their profile afterwards, docs/product.md
 * §2.12), a member straight to the conversation with them.
 */
function CallToAction({ data }: { data: LandingData }) {
  const { t } = useTranslation();
  const { profile } = data;
  if (data.member)
    return (
      <Link to={`/members/${profile.id}/chat`} className="btn btn-primary btn-lg w-100">
        {t("landing.write", { name: profile.name })}
      </Link>
    );
  return (
    <>
      <Link to={`/members/${profile.id}/signup`} className="btn btn-primary btn-lg w-100 mb-2">
        {t("landing.signup", { name: profile.name })}
      </Link>
      <p className="small text-body-secondary mb-1">{t("landing.free")}</p>
      <p className="small mb-0">
        <Trans
          i18nKey="landing.haveAccount"
          components={{ login: <Link to={`/login?redirectTo=${encodeURIComponent(`/members/${profile.id}`)}`} /> }}
        />
      </p>
    </>
  );
}

/** A member who is hidden (or no member at all) is the profile's 404 (docs/product.md §4.2). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} messages={{ 404: "errors.profileNotFound" }} />;
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  return pageMeta(args, {
    title: data?.title ?? "",
    description: data?.profile.about?.slice(0, 150) || undefined,
    memberPage: true,
    // The three designs show the same member: search engines are pointed at the first.
    canonicalPath: data && data.design !== 1 ? `/members/${data.profile.id}/landing` : undefined,
    image: data?.profile.main_image ? { url: data.profile.main_image.match, alt: data.photoAlt } : undefined,
  });
}
