import { data } from "react-router";

/** Any path no route claims: the layout's error page says 'This page could not be found' (docs/product.md §8). */
export function loader() {
  throw data(null, { status: 404 });
}

/** A form posted to such a path is a 404 as well, not a 405 for a route without an action. */
export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
