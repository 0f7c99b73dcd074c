import { useEffect } from "react";

/** The resource route (app/routes/page-hidden.tsx) that tells the API the member's page went out of sight. */
export const pageHiddenPath = "/page-hidden";

/**
 * Sends at most one beacon per hidden period: `hidden` sends unless this period already sent (visibilitychange and
 * pagehide both come when a tab closes), `visible` starts a new period.
 */
export function beaconOnce(send: () => void): { hidden: () => void; visible: () => void } {
  let sent = false;
  return {
    hidden: () => {
      if (sent) return;
      sent = true;
      send();
    },
    visible: () => {
      sent = false;
    },
  };
}

/**
 * Tells the server when a logged-in member's page becomes hidden (docs/product.md §7.3: the page-hidden beacon), on
 * visibilitychange to hidden and on pagehide, once per hidden period. The body is an empty form (URLSearchParams):
 * a POST to a page needs a form content type to pass the root middleware's form check (refuseUnreadableForm), and an
 * empty one has content-length 0, which the page guard (server/page-guards.ts) lets through.
 */
export function usePageHiddenBeacon(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof navigator.sendBeacon !== "function") return;
    const gate = beaconOnce(() => {
      try {
        navigator.sendBeacon(pageHiddenPath, new URLSearchParams());
      } catch {
        // A beacon is best effort: the member's "away" time is only a hint.
      }
    });
    const onVisibility = () => (document.visibilityState === "hidden" ? gate.hidden() : gate.visible());
    // Back from the back/forward cache the page is in sight again: a new period.
    const onPageShow = () => gate.visible();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", gate.hidden);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", gate.hidden);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [enabled]);
}
