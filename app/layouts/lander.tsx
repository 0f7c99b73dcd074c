import { Link, Outlet } from "react-router";
import { EntryWarning } from "~/components/entry-warning";
import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { useRootData } from "~/root";

/**
 * The lander layout (docs/product.md §2.2): a logo bar and the footer around a landing page, and the entry warning
 * on a first visit, as in the default layout: rendered by the server and closed by a form post, so it works without
 * JavaScript. While it shows, the page behind it is inert: a modal dialog without a script to keep focus in it.
 * Registered in routes.ts with the landers' routes.
 */
export default function LanderLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  const warning = root.entryWarning;
  return (
    <>
      <div className="d-flex flex-column flex-grow-1" inert={warning ? true : undefined}>
        <header className="navbar bg-body border-bottom">
          <div className="container-lg">
            <Link to="/" className="navbar-brand fw-bold text-primary">
              {root.site.name}
            </Link>
          </div>
        </header>
        <Outlet />
        <SiteFooter root={root} />
      </div>
      {warning && <EntryWarning variant={warning.variant} minAge={root.site.minimumAge} siteName={root.site.name} />}
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorPage error={error} />;
}
