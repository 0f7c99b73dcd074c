import { useEffect, useSyncExternalStore } from "react";

/**
 * Web push on this device (docs/product.md §4.17 push states): the service worker's registration and what the browser
 * can and may do. One store for the page, so that the alert, the settings and the polling speed all see the same
 * state; ./use-push-switch changes it. Null until known: before hydration, and while checking.
 */
export type PushState = "not-capable" | "unsubscribed" | "subscribed" | "denied";

let state: PushState | null = null;
let failed = false;
const listeners = new Set<() => void>();
const snapshot = () => state;
const nothing = () => null;
export function setPushState(next: PushState | null, failure = false) {
  state = next;
  failed = failure;
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

/** Tells the server, through /push-subscription, that this browser subscribed or unsubscribed. */
export function tellServer(intent: "subscribe" | "unsubscribe", body: unknown) {
  const form = new FormData();
  form.set("intent", intent);
  form.set("json", JSON.stringify(body));
  return fetch("/push-subscription", { method: "POST", body: form }).then((answer) => answer.ok);
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

/** Whether turning push on failed just now. */
export function usePushFailed(): boolean {
  return useSyncExternalStore(
    subscribeToStore,
    () => failed,
    () => false,
  );
}
