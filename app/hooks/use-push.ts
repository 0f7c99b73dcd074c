import { useEffect, useSyncExternalStore } from "react";

/**
 * Web push on this device (docs/product.md §4.17 push states): the service worker's registration and what the browser
 * can and may do. One store for the page, so that the alert, the settings and the polling speed all see the same
 * state; ./use-push-switch changes it. Null until known: before hydration, and while checking.
 */
export type PushState = "not-capable" | "unsubscribed" | "subscribed" | "denied";

let state: PushState | null = null;
/** Why turning push on failed just now: a translation key, or null. */
let failure: string | null = null;
const listeners = new Set<() => void>();
const snapshot = () => state;
const nothing = () => null;
export function setPushState(next: PushState | null, failed: string | null = null) {
  state = next;
  failure = failed;
  for (const listener of listeners) listener();
}
function subscribeToStore(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const capable = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The subscription this browser holds for the site, if any. */
export async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The message of a push switch that failed, unless the server said why (app/routes/push-subscription.tsx). */
export const pushFailedMessage = "notifications.push.failed";

/**
 * Tells the server, through /push-subscription, that this browser subscribed or unsubscribed: null when it took it,
 * else the translation key to show ("try again" on the 503 of an unavailable API: app/routes/push-subscription.tsx).
 */
export async function tellServer(intent: "subscribe" | "unsubscribe", body: unknown): Promise<string | null> {
  const form = new FormData();
  form.set("intent", intent);
  form.set("json", JSON.stringify(body));
  const { ok, status } = await fetch("/push-subscription", { method: "POST", body: form });
  return ok ? null : status === 503 ? "errors.apiUnavailable" : pushFailedMessage;
}

let started = false;
/**
 * Registers the service worker once per page load (member pages with scripts only: public pages ship none) and
 * learns the push state. A subscription the browser still holds is told to the server again: the server forgets
 * it when a login ends, and the member who logs in next on this device should get their own notifications.
 */
export function useServiceWorker(enabled: boolean, locale: string) {
  useEffect(() => {
    if (!enabled || started) return;
    started = true;
    if (!capable()) {
      setPushState("not-capable");
      return;
    }
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(async () => {
        // The offline page follows the member's language.
        (await navigator.serviceWorker.ready).active?.postMessage({ type: "language", lang: locale });
        if (Notification.permission === "denied") return setPushState("denied");
        const subscription = await currentSubscription();
        setPushState(subscription ? "subscribed" : "unsubscribed");
        if (subscription) await tellServer("subscribe", { subscription: subscription.toJSON() });
      })
      .catch((error) => {
        console.warn("service worker not registered", error);
        setPushState("not-capable");
      });
  }, [enabled, locale]);
}

/** This device's push state, null until known. */
export function usePushState(): PushState | null {
  return useSyncExternalStore(subscribeToStore, snapshot, nothing);
}

/** Why turning push on failed just now (a translation key), null when it did not. */
export function usePushFailure(): string | null {
  return useSyncExternalStore(
    subscribeToStore,
    () => failure,
    () => null,
  );
}
