import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import type { Route } from "./+types/empty";

/** The empty layout (docs/product.md §2): the page alone, for landings that lead to signup. */
export default function EmptyLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
