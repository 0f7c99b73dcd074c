import { useAppBadge } from "~/hooks/use-app-badge";
import { usePageHiddenBeacon } from "~/hooks/use-page-hidden-beacon";
import { usePolling } from "~/hooks/use-polling";

/**
 * Keeps a logged-in member's counts live and renders nothing (docs/product.md §4.13, §7.3): polls the page's loaders
 * (slower with push), which brings the title's count (pageMeta) up to date, keeps the app badge right, and sends the
 * page-hidden beacon. For a visitor only the badge runs, at 0, which clears a badge a member left behind.
 */
export function LiveCounts({
  member,
  pushSubscribed = false,
}: {
  member: { unreadMessages: number; newLikes: number } | null | undefined;
  pushSubscribed?: boolean;
}) {
  const loggedIn = Boolean(member);
  usePolling({ enabled: loggedIn, slow: pushSubscribed });
  useAppBadge(member ? member.unreadMessages + member.newLikes : 0);
  usePageHiddenBeacon(loggedIn);
  return null;
}
