import { Link, Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { useRootData } from "~/root";

/**
 * The lander layout (docs/product.md §2): a logo bar and the footer around a landing page. Registered in routes.ts with
 * the landers' routes.
 */
export default function LanderLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <>
      <header className="navbar bg-body border-bottom">
        <div className="container-lg">
          <Link to="/" className="navbar-brand fw-bold text-primary">
            {root.site.name}
          </Link>
        </div>
      </header>
      <Outlet />
      <SiteFooter root={root} />
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorPage error={error} />;
}
