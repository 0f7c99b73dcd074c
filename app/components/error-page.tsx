import { isRouteErrorResponse, Link } from "react-router";
import { useTranslation } from "~/i18n/translator";

/** Messages an error page may show: keys of the common namespace's `errors`. */
type ErrorMessageKey =
  | "errors.notFound"
  | "errors.badRequest"
  | "errors.unavailable"
  | "errors.generic"
  | "errors.profileNotFound";

/** The message for each status, unless the route says otherwise. */
const statusMessages: Record<number, ErrorMessageKey> = {
  400: "errors.badRequest",
  404: "errors.notFound",
  503: "errors.unavailable",
};

/**
 * The error page (docs/product.md §2, §8): the message and the status code, 500 unless a thrown response says otherwise. A
 * route that fails in its own way exports an ErrorBoundary that passes its messages per status; never an
 * exception's text or stack.
 */
export function ErrorPage({
  error,
  messages = {},
}: {
  error: unknown;
  messages?: Partial<Record<number, ErrorMessageKey>>;
}) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = t(messages[status] ?? statusMessages[status] ?? "errors.generic");
  return (
    <main className="container py-5 flex-grow-1 text-center" id="main">
      <title>{`${message} (${status})`}</title>
      <p className="display-4 text-primary fw-bold mb-2">{status}</p>
      <h1 className="h3 mb-4">{message}</h1>
      <Link to="/" className="btn btn-primary" reloadDocument>
        {t("errors.backHome")}
      </Link>
    </main>
  );
}
