import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { MemberPhoto } from "~/components/member-photo";
import { useTranslation } from "~/i18n/translator";

/**
 * The like modal with a view-profile button (docs/product.md §2): "It's a Match!" after a mutual like, or the notice of a
 * member who liked you. It closes on any click (docs/product.md §4); a click on the photo emits image-pressed and on the
 * button button-pressed, each with the profile id, for whoever listens (analytics, the app shell).
 */
export function MatchNotice({
  name,
  photo,
  profileHref,
  profileId,
  kind = "match",
  onClose,
}: {
  name: string;
  photo: string | null;
  profileHref: string;
  profileId?: number;
  kind?: "match" | "liked";
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const overlay = useRef<HTMLDivElement>(null);
  // The dialog takes the focus, so that Escape closes it and a screen reader starts there.
  useEffect(() => overlay.current?.focus(), []);
  const emit = (type: "image-pressed" | "button-pressed") => {
    if (profileId !== undefined) window.dispatchEvent(new CustomEvent(type, { detail: { id: profileId } }));
  };
  return (
    // It covers the page, so any click lands on it or inside it; its own handler works from the first frame it shows.
    <div
      ref={overlay}
      className="entry-warning match-notice"
      role="dialog"
      aria-modal="true"
      aria-labelledby="match-title"
      tabIndex={-1}
      onClick={onClose}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="entry-warning-card card shadow-lg text-center bounce-in">
        <div className="card-body p-4">
          <h2 id="match-title" className="h3 text-primary">
            {kind === "match" ? t("likes.matchTitle") : t("likes.likedYouTitle")}
          </h2>
          {photo && (
            // A shortcut for the pointer; the link below is the way for everyone.
            <MemberPhoto
              src={photo}
              alt=""
              width={120}
              height={150}
              className="rounded-3 my-3 profile-card-photo match-photo"
              onClick={() => emit("image-pressed")}
            />
          )}
          <p>{kind === "match" ? t("likes.match", { name }) : t("likes.likedYou", { name })}</p>
          <Link to={profileHref} className="btn btn-primary" onClick={() => emit("button-pressed")}>
            {t("likes.viewProfile")}
          </Link>
        </div>
      </div>
    </div>
  );
}
