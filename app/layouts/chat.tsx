import { Outlet, useMatches } from "react-router";
import { EntryWarning } from "~/components/entry-warning";
import { ErrorPage } from "~/components/error-page";
import { FlashMessage } from "~/components/flash-message";
import { LiveCounts } from "~/components/live-counts";
import { TopBar } from "~/components/top-bar";
import { useRootData } from "~/root";
import "~/styles/chat.scss";

/**
 * The chat layout (docs/product.md §2): the site's top bar and the chat screen filling the rest of the window, no
 * footer; the entry warning only for visitors from the Netherlands and Germany.
 */
export default function ChatLayout() {
  const loaded = useRootData();
  const matches = useMatches();
  if (!loaded) return <Outlet />;
  // The chat screens count unread messages after marking the open conversation read: newer than the root's count.
  const counted = matches
    .map((m) => (m.data as { unreadMessages?: number } | undefined)?.unreadMessages)
    .find(Number.isInteger);
  const root =
    loaded.member && counted !== undefined
      ? { ...loaded, member: { ...loaded.member, unreadMessages: counted } }
      : loaded;
  return (
    <div className="chat-layout d-flex flex-column">
      <LiveCounts member={root.member} locale={root.locale} />
      <TopBar root={root} />
      <FlashMessage flash={root.flash} />
      <Outlet />
      {root.entryWarning?.variant && (
        <EntryWarning variant={root.entryWarning.variant} minAge={root.site.minimumAge} siteName={root.site.name} />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorPage error={error} />;
}
