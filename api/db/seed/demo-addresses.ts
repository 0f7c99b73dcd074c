import type { Locale } from "../../../contract/locales";

/*
 * Who the demo seed makes, without its generators (api/db/seed/demo-members.ts loads faker, about 100 MB): every
 * start reads this to tell a whole demo site from one an interrupted start of an older version left half made
 * (api/db/seed/demo-present.ts).
 */

/** The demo logins written in the README. */
export const demoLogins = {
  free: { email: "free@example.com", password: "demo-free-2026" },
  premium: { email: "premium@example.com", password: "demo-premium-2026" },
  moderator: { email: "moderator@example.com", password: "demo-moderator-2026" },
};

/** How many of the 300 demo members speak each language. */
export const membersPerLanguage: Record<Locale, number> = {
  en: 70,
  nl: 30,
  de: 35,
  fr: 30,
  it: 25,
  es: 25,
  pl: 20,
  da: 15,
  fi: 15,
  no: 15,
  sv: 20,
};

/** The address of the demo member `n` (from 1). */
export const demoMemberEmail = (n: number) => `member${n}@demo.heartline.example`;

/** Every address the seed gives an account: the three logins, then the members. */
export function demoAddresses(): string[] {
  const members = Object.values(membersPerLanguage).reduce((sum, count) => sum + count, 0);
  return [
    ...Object.values(demoLogins).map((login) => login.email),
    ...Array.from({ length: members }, (_, i) => demoMemberEmail(i + 1)),
  ];
}
