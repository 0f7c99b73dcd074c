/**
 * 12:00 in Amsterdam (11:00 UTC), today or, within 3 minutes of it or later, tomorrow: after everything a test queued,
 * so every item is due, and outside quiet hours.
 */
export function noonInAmsterdam() {
  const at = new Date();
  at.setUTCHours(11, 0, 0, 0);
  if (at.getTime() < Date.now() + 3 * 60_000) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
