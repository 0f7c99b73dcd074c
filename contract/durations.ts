/** Durations in milliseconds, so that code says `7 * DAY` instead of repeating `7 * 24 * 3600_000`. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A day in seconds, for what counts in seconds (cookie Max-Age). */
export const DAY_IN_SECONDS = DAY / SECOND;
