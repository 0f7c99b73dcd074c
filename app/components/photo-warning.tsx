import { Link, useMatches } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { DismissForm } from "./dismiss-form";

// Where the member is already dealing with photos, or with something more pressing than a photo.
const quietRoutes = new Set(["profile", "signup", "complete-signup", "signup-matches", "moderation"]);

/**
 * The profile-photo warning of the default layout (docs/product.md §2): for a member without an approved main photo,
 * a link to add one, and a close button that posts to /photo-warning, so it stays closed on this device without a
 * script. The root loader leaves it out once dismissed.
 */
export function PhotoWarning() {
  const { t } = useTranslation();
  const matches = useMatches();
  if (matches.some((m) => quietRoutes.has(m.id))) return null;
  return (
    <aside className="container-lg mt-3" aria-label={t("photos.title")}>
      <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto">{t("photoWarning.text")}</span>
        <Link to="/profile#photos" className="btn btn-sm btn-primary">
          {t("photoWarning.add")}
        </Link>
        <DismissForm action="/photo-warning" label={t("photoWarning.dismiss")} />
      </div>
    </aside>
  );
}
