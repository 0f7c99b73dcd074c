import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "~/i18n/translator";

/** docs/product.md §9.1: a navigation shows the bar once it takes longer than 200 ms, and for at most 5 s. */
export const loadingBarDelayMs = 200;
export const loadingBarMaxMs = 5_000;

/**
 * A thin bar at the top of the window while a page loads (client navigations, so only where scripts run). It grows
 * towards the right over the 5 s and then goes, slow network or not; the page itself tells when it is there.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "start" | "grow">("hidden");
  useEffect(() => {
    if (!busy) return setPhase("hidden");
    const show = setTimeout(() => {
      setPhase("start");
      requestAnimationFrame(() => requestAnimationFrame(() => setPhase("grow")));
    }, loadingBarDelayMs);
    const hide = setTimeout(() => setPhase("hidden"), loadingBarDelayMs + loadingBarMaxMs);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [busy]);
  if (phase === "hidden") return null;
  // Styles set from script (CSSOM), which the style-src policy allows; no stylesheet bytes for every page.
  return (
    <div
      role="progressbar"
      aria-label={t("nav.loading")}
      data-loading-bar
      style={{
        position: "fixed",
        top: 0,
        left: 0,
        zIndex: 1090,
        height: 3,
        width: phase === "grow" ? "90%" : "10%",
        background: "var(--bs-primary)",
        transition: `width ${loadingBarMaxMs}ms ease-out`,
      }}
    />
  );
}
