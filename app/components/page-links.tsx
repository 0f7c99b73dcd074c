import { Link } from "react-router";

/**
 * The page numbers a list links to: the first, the last, and `around` either side of the current one, with `null`
 * where pages are left out (never where that would hide a single page: its number takes no more room than "…").
 * A long list does not put hundreds of links on a page, and the links fit one row of a 360 px phone.
 */
export function pageWindow(current: number, pages: number, around = 1): (number | null)[] {
  const wanted = new Set([1, pages]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= pages) wanted.add(n);
  const shown: (number | null)[] = [];
  let previous = 0;
  for (const n of [...wanted].sort((a, b) => a - b)) {
    if (n - previous === 2) shown.push(n - 1);
    else if (n - previous > 2) shown.push(null);
    shown.push(n);
    previous = n;
  }
  return shown;
}

/** A list's page links (Bootstrap pagination), centred and wrapping on a narrow screen. */
export function PageLinks({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-3">
      <ul className="pagination flex-wrap justify-content-center">
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={n} className={`page-item${n === page ? " active" : ""}`}>
              <Link className="page-link" to={href(n)} aria-current={n === page ? "page" : undefined}>
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
