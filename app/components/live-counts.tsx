import { useAppBadge } from "~/hooks/use-app-badge";
import { usePageHiddenBeacon } from "~/hooks/use-page-hidden-beacon";
import { usePolling } from "~/hooks/use-polling";
import { usePushState, useServiceWorker } from "~/hooks/use-push";

/**
 * Keeps a logged-in member's counts live and renders nothing (docs/product.md §4.13, §7.3): registers the service
 * worker, polls the member's state and, when it moved, the page's loaders (every 300 s instead of 60 s while this
 * device gets pushes), which brings the title's count (pageMeta) up to date, keeps the app badge right, and sends the
 * page-hidden beacon. For a visitor only the badge runs, at 0, which clears a badge a member left behind.
 */
export function LiveCounts({
  member,
  locale,
}: {
  member: { unreadMessages: number; newLikes: number; stamp: string } | null | undefined;
  locale: string;
}) {
  const loggedIn = Boolean(member);
  useServiceWorker(loggedIn, locale);
  usePolling({ enabled: loggedIn, slow: usePushState() === "subscribed", stamp: member?.stamp ?? "" });
  useAppBadge(member ? member.unreadMessages + member.newLikes : 0);
  usePageHiddenBeacon(loggedIn);
  return null;
}
