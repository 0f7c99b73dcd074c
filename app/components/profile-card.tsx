import { Link } from "react-router";
import { MemberPhoto } from "~/components/member-photo";
import { useTranslation } from "~/i18n/translator";
import type { ProfileCard as Card } from "../../contract/members";
import { FictionalMarker } from "./fictional-marker";

/**
 * A member on a card: main photo (or a neutral placeholder), name, age, city, and — on fictional profiles,
 * wherever they appear — the site's fictional marker with its explanation. The name is a heading one level below
 * the list's own: 2 for a page's main list, 3 under a section's h2.
 */
export function ProfileCard(props: {
  profile: Card;
  cdnPrefix: string;
  to: string;
  headingLevel: 2 | 3;
  first?: boolean;
}) {
  const { profile, cdnPrefix, to, first = false } = props;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation();
  return (
    <article className="card profile-card h-100 border-0 shadow-sm">
      <Link
        to={to}
        className="stretched-link text-decoration-none text-body"
        aria-label={t("profile.open", { name: profile.name })}
      >
        {profile.main_image ? (
          // The first row is the page's largest paint: fetched at once, the rest as they scroll into view.
          <MemberPhoto
            src={`${cdnPrefix}/${profile.main_image.thumb_filename}`}
            alt=""
            width={160}
            height={200}
            className="card-img-top profile-card-photo"
            {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
          />
        ) : (
          <div
            className="card-img-top profile-card-photo profile-card-placeholder"
            role="img"
            aria-label={t("profile.noPhoto")}
          />
        )}
      </Link>
      <div className="card-body p-2">
        <Heading className="h6 mb-0 text-break">
          {profile.name}, {profile.age}
          {profile.fictional && <FictionalMarker />}
        </Heading>
        {profile.city && <p className="small text-body-secondary mb-0 text-truncate">{profile.city}</p>}
      </div>
    </article>
  );
}
