import { useEffect, useState } from "react";

/**
 * Seconds left of a countdown that started at `secondsLeft` when the server rendered the page, ticking each second
 * down to zero (docs/product.md §4). It counts on the browser's monotonic clock, so a wrong clock on the phone
 * neither stretches nor ends the window; a new `secondsLeft` from the server takes over without restarting it.
 */
export function useCountdown(secondsLeft: number): number {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    setLeft(secondsLeft);
    if (secondsLeft <= 0) return;
    const start = performance.now();
    const timer = setInterval(() => {
      const now = Math.max(0, secondsLeft - Math.floor((performance.now() - start) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return left;
}

/** 4 h 3 min 9 s as 04:03:09. */
export function clockOf(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}
