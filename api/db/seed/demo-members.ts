import {
  type Faker,
  fakerDA,
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerES_MX,
  fakerFI,
  fakerFR,
  fakerFR_BE,
  fakerFR_CA,
  fakerFR_CH,
  fakerIT,
  fakerNB_NO,
  fakerNL,
  fakerNL_BE,
  fakerPL,
  fakerSV,
} from "@faker-js/faker";
import { DAY, MINUTE } from "../../../contract/durations";
import type { Locale } from "../../../contract/locales";
import { demoAboutTexts } from "./demo-about-texts";
import { demoMemberEmail, membersPerLanguage } from "./demo-addresses";
import { demoPlaces } from "./demo-places";

/** Where the demo members live, per language, with the faker locale that gives realistic names there. */
const homes: Record<Locale, { country: string; faker: Faker }[]> = {
  en: [
    { country: "GB", faker: fakerEN_GB },
    { country: "US", faker: fakerEN_US },
    { country: "IE", faker: fakerEN_IE },
    { country: "CA", faker: fakerEN_CA },
    { country: "AU", faker: fakerEN_AU },
    { country: "NZ", faker: fakerEN },
  ],
  nl: [
    { country: "NL", faker: fakerNL },
    { country: "BE", faker: fakerNL_BE },
  ],
  de: [
    { country: "DE", faker: fakerDE },
    { country: "AT", faker: fakerDE_AT },
    { country: "CH", faker: fakerDE_CH },
  ],
  fr: [
    { country: "FR", faker: fakerFR },
    { country: "BE", faker: fakerFR_BE },
    { country: "CA", faker: fakerFR_CA },
    { country: "CH", faker: fakerFR_CH },
  ],
  it: [{ country: "IT", faker: fakerIT }],
  es: [
    { country: "ES", faker: fakerES },
    { country: "US", faker: fakerES_MX },
  ],
  pl: [{ country: "PL", faker: fakerPL }],
  da: [{ country: "DK", faker: fakerDA }],
  fi: [{ country: "FI", faker: fakerFI }],
  no: [{ country: "NO", faker: fakerNB_NO }],
  sv: [{ country: "SE", faker: fakerSV }],
};

export interface DemoMember {
  language: Locale;
  name: string;
  email: string;
  gender: "male" | "female";
  sexuality: "straight" | "gay" | "bi";
  date_of_birth: string;
  country: string;
  region: string;
  city: string;
  about: string;
  hair_colour: string;
  eye_colour: string;
  body_type: string;
  relationship_status: string;
  tattoos: string;
  fictional: boolean;
  photo_count: number;
  hue: number;
  last_seen_at: string;
  signup_date: string;
  interest_picks: number[];
}

/** The demo members, the same on every run (faker is seeded per member). */
export function demoMembers(now: Date, interestCount: number): DemoMember[] {
  const members: DemoMember[] = [];
  let index = 0;
  for (const [language, count] of Object.entries(membersPerLanguage) as [Locale, number][]) {
    for (let i = 0; i < count; i++, index++) {
      const home = homes[language][i % homes[language].length]!;
      const f = home.faker;
      f.seed(1000 + index);
      const gender = f.helpers.arrayElement(["male", "female"] as const);
      const regions = demoPlaces[home.country]!;
      const region = f.helpers.arrayElement(regions);
      const age = f.number.int({ min: 19, max: 64 });
      const birth = new Date(
        Date.UTC(now.getUTCFullYear() - age - 1, f.number.int({ min: 0, max: 11 }), f.number.int({ min: 1, max: 28 })),
      );
      const name = f.person.firstName(gender);
      members.push({
        language,
        name,
        email: demoMemberEmail(index + 1),
        gender,
        sexuality: f.helpers.weightedArrayElement([
          { weight: 8, value: "straight" as const },
          { weight: 1, value: "gay" as const },
          { weight: 1, value: "bi" as const },
        ]),
        date_of_birth: birth.toISOString().slice(0, 10),
        country: home.country,
        region: region.code,
        city: f.helpers.arrayElement(region.cities),
        about: f.helpers.arrayElement(demoAboutTexts[language]),
        hair_colour: f.helpers.arrayElement(["blonde", "brown", "black", "red", "grey"]),
        eye_colour: f.helpers.arrayElement(["blue", "brown", "green", "grey"]),
        body_type: f.helpers.arrayElement(["slim", "athletic", "average", "curvy"]),
        relationship_status: f.helpers.arrayElement(["single", "single", "divorced", "widowed"]),
        tattoos: f.helpers.arrayElement(["none", "none", "some", "many"]),
        // One in twenty is a fictional profile, marked as such wherever it appears.
        fictional: index % 20 === 7,
        photo_count: f.number.int({ min: 1, max: 3 }),
        hue: f.number.int({ min: 0, max: 359 }),
        last_seen_at: new Date(now.getTime() - f.number.int({ min: 1, max: 14 * 24 * 60 }) * MINUTE).toISOString(),
        signup_date: new Date(now.getTime() - f.number.int({ min: 15, max: 400 }) * DAY).toISOString(),
        interest_picks: f.helpers.arrayElements(
          Array.from({ length: interestCount }, (_, n) => n),
          { min: 3, max: 6 },
        ),
      });
    }
  }
  return members;
}
