import { useEffect, useState } from "react";
import { useLocation, useMatches, useNavigate } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { Icon } from "./icons";

/** The routes that get a back button in the installed app (docs/product.md §2). */
const backRoutes = new Set(["members-id", "likes-type", "likes-m-id", "credits", "credits-id-paymentmethod"]);

/**
 * The top bar's back button (docs/product.md §2): only in the installed app (the top bar loads it there), on the
 * routes named above, and only
 * when there is somewhere to go back to (history longer than 1). It needs a script to go back, so a page without
 * one shows none; the phone's own back gesture still works there.
 */
export function AppBackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const location = useLocation();
  const [canGoBack, setCanGoBack] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after each navigation, as the history grows.
  useEffect(() => setCanGoBack(window.history.length > 1), [location.key]);
  if (!canGoBack || !matches.some((m) => backRoutes.has(m.id))) return null;
  return (
    <button
      type="button"
      className="btn btn-link nav-link"
      onClick={() => navigate(-1)}
      title={t("nav.back")}
      data-app-back
    >
      <Icon name="back" label={t("nav.back")} />
    </button>
  );
}
