import { Outlet } from "react-router";
import { EntryWarning } from "~/components/entry-warning";
import { ErrorPage } from "~/components/error-page";
import { useRootData } from "~/root";

/**
 * The chat layout (docs/product.md §2): bare, for the chat screens, which bring their own top bar; the entry warning only
 * for visitors from the Netherlands and Germany. Registered in routes.ts with the chat issue's routes.
 */
export default function ChatLayout() {
  const root = useRootData();
  return (
    <>
      <Outlet />
      {root?.entryWarning?.variant && (
        <EntryWarning variant={root.entryWarning.variant} minAge={root.site.minimumAge} siteName={root.site.name} />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorPage error={error} />;
}
