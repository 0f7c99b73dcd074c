import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until the page has hydrated, then true: a control that needs JavaScript shows only
 * once it can work, and its form-and-redirect fallback stays in place for a page whose scripts never run.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
