/** docs/product.md §8, §9.1: a failed chunk load reloads the page once, at most once per 60 s. */
export const chunkReloadGuardMs = 60_000;
const storageKey = "chunk-reload-at";

interface Guarded {
  console: Pick<Console, "error">;
  storage: Pick<Storage, "getItem" | "setItem">;
  now: () => number;
  /** Where the failed navigation was going; the browser then loads that page itself. */
  pendingUrl: () => string | null;
  open: (url: string) => void;
}

/** The page a client navigation is loading, from React Router's own router. */
function routerPendingUrl(): string | null {
  const router = (window as { __reactRouterDataRouter?: { state: { navigation: { location?: Location } } } })
    .__reactRouterDataRouter;
  const location = router?.state.navigation.location;
  return location ? location.pathname + location.search + location.hash : null;
}

/**
 * React Router reloads the page when a route module fails to load (a release replaced the files this page knew of),
 * and logs "Error loading route module …" just before. Without a guard a file that stays missing reloads the page
 * at every click. This lets that reload happen once a minute. Within 60 s of the last one the browser instead loads
 * the page the member asked for as a whole document (the server renders it, no file of the old release needed), and
 * the log call throws, which ends React Router's handler before its reload. (location.reload cannot be replaced.)
 */
export function installChunkReloadGuard(guarded: Partial<Guarded> = {}) {
  const {
    console: target = console,
    storage = window.sessionStorage,
    now = Date.now,
    pendingUrl = routerPendingUrl,
    open = (url: string) => window.location.assign(url),
  } = guarded;
  const log = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    log(...args);
    if (typeof args[0] !== "string" || !args[0].startsWith("Error loading route module")) return;
    const last = Number(storage.getItem(storageKey) ?? 0);
    if (now() - last >= chunkReloadGuardMs) {
      storage.setItem(storageKey, String(now()));
      return;
    }
    const url = pendingUrl();
    if (url) open(url);
    throw new Error("A page file failed to load again: not reloading");
  };
}
