/**
 * Midday in Amsterdam: 11:00 UTC today, else 13:00 UTC today, else 11:00 UTC tomorrow, the first at least 3 minutes
 * ahead. So every item a test queued is due, it is outside quiet hours, and it is less than a day after the items
 * were queued (a failed send is tried again only within a day: always taking tomorrow's noon from 10:57 UTC on made
 * push.test.ts fail for three minutes a day).
 */
export function noonInAmsterdam() {
  const earliest = Date.now() + 3 * 60_000;
  const at = new Date();
  for (const hour of [11, 13]) {
    at.setUTCHours(hour, 0, 0, 0);
    if (at.getTime() >= earliest) return at;
  }
  at.setUTCHours(11, 0, 0, 0);
  at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
