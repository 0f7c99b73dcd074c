/**
 * What a profile's fields and photos may hold, without zod: the web tier's pages import this module, so that the
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

/** docs/product.md §5: how many photos a member may have (rejected ones do not count). */
export const photoLimits = { free: 3, premium: 25 } as const;

/** Why a moderator may reject a photo; each is explained to the member in their language (a statement of reasons). */
export const rejectionReasons = ["explicit", "contact_details", "not_a_portrait", "someone_else"] as const;
export type RejectionReason = (typeof rejectionReasons)[number];
