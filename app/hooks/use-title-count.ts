import { useEffect } from "react";

const countPrefix = /^\(\d+\) /;

/**
 * `title` with exactly one count prefix, the right one for `count` (docs/product.md §4.13): a prefix already there
 * (the server's, from pageMeta, or an older count) is replaced, and removed at 0.
 */
export function countedTitle(title: string, count: number): string {
  const bare = title.replace(countPrefix, "");
  // The format of titleWithCount (~/services/site-info), which pageMeta uses; not imported, so that this file and its
  // test need no ~/ alias (the vitest unit project does not resolve it).
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/**
 * Keeps the page title's count of unread messages plus new likes right in the browser (docs/product.md §4.13), and
 * shows the same count on the installed app's badge. pageMeta writes the count on the server and on every navigation
 * or revalidation already; this also covers titles that do not come from pageMeta, whoever changes them: a
 * MutationObserver on <head> re-applies the prefix after React writes a <title> (React 19 may update its text or put a
 * new element in), and writes nothing when the title is already right, so it never loops.
 */
export function useTitleCount(count: number): void {
  useEffect(() => {
    const apply = () => {
      const title = countedTitle(document.title, count);
      if (title !== document.title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [count]);

  useEffect(() => {
    setAppBadge(count);
  }, [count]);
}

/**
 * The app badge (docs/product.md §4.13): the Badging API may be missing, throw or reject (not installed, not allowed);
 * the spec says every such error is ignored.
 */
function setAppBadge(count: number): void {
  try {
    const done = count > 0 ? navigator.setAppBadge?.(count) : navigator.clearAppBadge?.();
    done?.catch(() => {});
  } catch {
    // Ignored, as the spec asks: the badge is a nicety.
  }
}
