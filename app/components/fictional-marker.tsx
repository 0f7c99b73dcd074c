import { useTranslation } from "../i18n/translator";
import { useRootData } from "../root";

/** The site's fictional-profile icon with its explanation for screen readers; shown wherever a profile appears. */
export function FictionalMarker() {
  const { t } = useTranslation();
  const icon = useRootData()?.site.fictionalIcon;
  return (
    <span className="fictional-marker ms-1" title={t("profile.fictional")}>
      <span aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{t("profile.fictional")}</span>
    </span>
  );
}
