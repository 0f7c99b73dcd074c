import { useEffect } from "react";

/**
 * The installed app's badge shows unread messages plus new likes, as the page title does (docs/product.md §4.13; the
 * title's count is pageMeta's). The Badging API may be missing, throw or reject (not installed, not allowed): the spec
 * says every such error is ignored.
 */
export function useAppBadge(count: number): void {
  useEffect(() => {
    try {
      const done = count > 0 ? navigator.setAppBadge?.(count) : navigator.clearAppBadge?.();
      done?.catch(() => {});
    } catch {
      // Ignored, as the spec asks: the badge is a nicety.
    }
  }, [count]);
}
