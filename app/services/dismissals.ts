/**
 * The per-device dismissal flags kept in the browser, each stored with the time it was set (docs/product.md §3.15):
 * only the time-bonus popup's, which a script opens; the alerts the server renders keep theirs in cookies
 * (app/services/cookies.server.ts).
 */
export type DismissalFlag = "hide-time-bonus-modal";

/** Whether this device dismissed it; storage that is blocked or full counts as not dismissed. */
export function isDismissed(flag: DismissalFlag): boolean {
  try {
    return localStorage.getItem(flag) !== null;
  } catch {
    return false;
  }
}

export function dismiss(flag: DismissalFlag): void {
  try {
    localStorage.setItem(flag, JSON.stringify({ at: new Date().toISOString() }));
  } catch {
    // Private mode or a full store: it shows again next time, which is harmless.
  }
}
