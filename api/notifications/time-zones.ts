/**
 * The time zone a member's quiet hours use until they choose one: their country's main zone (the seeded countries
 * and their neighbours; a country with several zones gets its most populous one), else UTC.
 */
const countryZones: Record<string, string> = {
  GB: "Europe/London",
  IE: "Europe/Dublin",
  US: "America/New_York",
  CA: "America/Toronto",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
  NL: "Europe/Amsterdam",
  BE: "Europe/Brussels",
  LU: "Europe/Luxembourg",
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
  FR: "Europe/Paris",
  IT: "Europe/Rome",
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  PL: "Europe/Warsaw",
  DK: "Europe/Copenhagen",
  FI: "Europe/Helsinki",
  NO: "Europe/Oslo",
  SE: "Europe/Stockholm",
};

export const timeZoneOf = (member: { time_zone: string | null }, country: string | null | undefined) =>
  member.time_zone ?? countryZones[country ?? ""] ?? "UTC";

/** The hour (0–23) it is at `at` in the zone. */
export function hourIn(zone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(at));
}

/** Quiet hours are 23:00 to 8:00 (docs/product.md §4.16): the next 8:00 in the zone when `at` falls in them, else null. */
export function quietUntil(zone: string, at: Date): Date | null {
  const hour = hourIn(zone, at);
  if (hour >= 8 && hour < 23) return null;
  // Step forward in whole hours to the first one at 8 o'clock there (DST changes move it by an hour at most).
  const next = new Date(at);
  next.setUTCMinutes(0, 0, 0);
  do next.setUTCHours(next.getUTCHours() + 1);
  while (hourIn(zone, next) !== 8);
  return next;
}
