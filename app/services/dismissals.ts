/** The per-device dismissal flags of docs/product.md §3, each stored with the time it was set. */
export type DismissalFlag =
  | "hide-enrich-alert"
  | "hide-push-notification-alert"
  | "hide-disabled-notifications-alert"
  | "hide-time-bonus-modal";

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
