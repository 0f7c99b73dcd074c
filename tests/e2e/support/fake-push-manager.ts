/**
 * Stands in for the browser's push subscription (Chromium's own needs Google's servers): `subscription` is a browser of
 * a fake push service (tests/api/support/fake-push-service.ts), or any endpoint when nothing is pushed.
 */
export function fakePushManager(subscription: { endpoint: string; keys: Record<string, string> }) {
  // Kept across the page loads of the test, as a browser keeps its subscription.
  const subscribed = () => localStorage.getItem("fake-push-subscribed") === "1";
  const fake = {
    endpoint: subscription.endpoint,
    toJSON: () => ({ ...subscription, expirationTime: null }),
    unsubscribe: async () => {
      localStorage.removeItem("fake-push-subscribed");
      return true;
    },
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    localStorage.setItem("fake-push-key", String(options?.applicationServerKey));
    localStorage.setItem("fake-push-subscribed", "1");
    return fake;
  };
  PushManager.prototype.getSubscription = async () => (subscribed() ? fake : null);
}
