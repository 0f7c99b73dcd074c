import { useLocation } from "react-router";

/** The hidden field a one-button form posts so that its action comes back to this page (`safeRedirect` checks it). */
export function ReturnHere() {
  const location = useLocation();
  return <input type="hidden" name="redirectTo" value={location.pathname + location.search} />;
}
