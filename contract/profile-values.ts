/**
 * What a profile's descriptive fields may hold, without zod: the web tier's pages import this module, so that the
 * browser gets the values and not the validators (contract/profile.ts builds those from these).
 */
export const profileFieldValues = {
  hair_colour: ["blonde", "brown", "black", "red", "grey"],
  eye_colour: ["blue", "brown", "green", "grey"],
  body_type: ["slim", "athletic", "average", "curvy"],
  relationship_status: ["single", "divorced", "widowed"],
  tattoos: ["none", "some", "many"],
} as const;
export type DescriptiveField = keyof typeof profileFieldValues;
export const descriptiveFields = Object.keys(profileFieldValues) as DescriptiveField[];

/** About-me: long enough for a few paragraphs, short enough for a card's reader. */
export const aboutMaxLength = 2000;
/** Enough to say what one likes; the catalogue itself is small. */
export const interestsMax = 20;
