import { Link } from "react-router";
import { FictionalMarker } from "~/components/fictional-marker";
import { MemberPhoto } from "~/components/member-photo";
import { Trans } from "~/i18n/trans";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import type { LanderData } from "~/routes/landers/shared";

export type LanderMember = LanderData["profiles"][number];

/** The niche's line above a lander's heading ("Dating with mature women"). */
export function NicheLine({ data, className = "text-niche" }: { data: LanderData; className?: string }) {
  const { t } = useTranslation();
  return <p className={`fw-semibold mb-2 ${className}`}>{t(`landing.niches.${data.niche}`)}</p>;
}

/** A member's photo: the thumbnail for small cards, the full photo for large ones. */
export function LanderPhoto({
  member,
  className,
  large = false,
  first = false,
}: {
  member: LanderMember;
  className: string;
  large?: boolean;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  if (!member.main_image) return null;
  const file = large ? member.main_image.filename : member.main_image.thumb_filename;
  return (
    <MemberPhoto
      src={`${root?.site.cdnPrefix}/${file}`}
      alt={t("profile.photoOf", { name: member.name })}
      width={large ? 480 : 160}
      height={large ? 600 : 200}
      className={className}
      {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
    />
  );
}

/** Name and age with the fictional marker (docs/product.md §1.5), as a heading of the given level. */
export function MemberName({
  member,
  as: Heading = "h2",
  className,
}: {
  member: LanderMember;
  as?: "h2" | "h3" | "p";
  className: string;
}) {
  return (
    <Heading className={className}>
      {member.name}, {member.age}
      {member.fictional && <FictionalMarker />}
    </Heading>
  );
}

/**
 * The call to action: the signup as a link (no script needed; the page's language is in the language cookie by
 * then, so the signup follows it), the price in one line, and the login for members.
 */
export function SignupCallToAction({
  data,
  className = "",
  light = false,
}: {
  data: LanderData;
  className?: string;
  light?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={light ? `${className} lander-light` : className}>
      <Link to="/signup" className="btn btn-niche btn-lg mb-2">
        {data.copy.cta}
      </Link>
      <p className={`small mb-1 ${light ? "" : "text-body-secondary"}`}>{t("landing.free")}</p>
      <p className="small mb-0">
        <Trans i18nKey="landing.haveAccount" components={{ login: <Link to="/login" /> }} />
      </p>
    </div>
  );
}

/** The honest line under a lander's members, or the line for a site that has none to show yet. */
export function HonestNote({ data, className = "text-body-secondary" }: { data: LanderData; className?: string }) {
  return (
    <p className={`small mt-3 mb-0 ${className}`}>
      {data.profiles.length > 0 ? data.copy.honest : data.copy.noMembers}
    </p>
  );
}

/** Small cards of a few members under their title, each leading to the signup with that member (§2.12). */
export function MemberStrip({ data, count }: { data: LanderData; count: number }) {
  if (data.profiles.length === 0) return null;
  return (
    <section aria-labelledby="lander-members-title">
      <h2 id="lander-members-title" className="h4 mb-3">
        {data.copy.membersTitle}
      </h2>
      <ul className="lander-grid mb-0">
        {data.profiles.slice(0, count).map((member) => (
          <li key={member.id}>
            <article className="card h-100 border-0 shadow-sm lander-card">
              <LanderPhoto member={member} className="card-img-top lander-card-photo" />
              <div className="card-body p-2">
                <MemberName member={member} as="h3" className="h6 mb-0" />
                {member.city && <p className="small text-body-secondary mb-1 text-truncate">{member.city}</p>}
                <Link to={`/members/${member.id}/signup`} className="small stretched-link">
                  {member.meet}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
