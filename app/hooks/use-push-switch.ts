import { useCallback } from "react";
import {
  currentSubscription,
  pushFailedMessage,
  setPushState,
  tellServer,
  usePushFailure,
  usePushState,
} from "./use-push";

/**
 * The push state and the switch that turns push on and off on this device (docs/product.md §4.17), for the settings
 * and the push-enable alert; apart from ./use-push so that only the pages with the switch carry it.
 */
export function usePush(publicKey: string) {
  const current = usePushState();
  const failure = usePushFailure();

  const turnOn = useCallback(async () => {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setPushState(permission === "denied" ? "denied" : "unsubscribed");
      const registration = await navigator.serviceWorker.ready;
      // A subscription made for another key (the site's keys were replaced) cannot be reused.
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      const refused = await tellServer("subscribe", { subscription: subscription.toJSON() });
      if (!refused) return setPushState("subscribed");
      await subscription.unsubscribe();
      setPushState("unsubscribed", refused);
    } catch (error) {
      console.warn("push subscription failed", error);
      setPushState("unsubscribed", pushFailedMessage);
    }
  }, [publicKey]);

  const turnOff = useCallback(async () => {
    const subscription = await currentSubscription().catch(() => null);
    if (subscription) {
      await tellServer("unsubscribe", { endpoint: subscription.endpoint }).catch(() => null);
      await subscription.unsubscribe().catch(() => false);
    }
    setPushState("unsubscribed");
  }, []);

  return { state: current, failure, turnOn, turnOff };
}
