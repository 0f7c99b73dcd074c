import { z } from "zod";
import { cityField, countryField, nameField, regionField } from "./fields";
import { aboutMaxLength, interestsMax, profileFieldValues } from "./profile-values";

/** An answer may be left open: an empty choice is sent as null. */
const choice = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: "validation.required" }).nullable().optional();

/**
 * PUT profile.php: what a member edits of their own profile (docs/product.md §2.20). Gender and date of birth are
 * not here: they were given at signup and are what matches rest on. Orientation is private unless `sexuality_public`.
 */
export const profileUpdateSchema = z.object({
  name: nameField,
  about: z.string().trim().max(aboutMaxLength, "validation.tooLong").optional(),
  sexuality: z.enum(["straight", "gay", "bi"], { error: "validation.required" }),
  sexuality_public: z.boolean().optional(),
  hair_colour: choice(profileFieldValues.hair_colour),
  eye_colour: choice(profileFieldValues.eye_colour),
  body_type: choice(profileFieldValues.body_type),
  relationship_status: choice(profileFieldValues.relationship_status),
  tattoos: choice(profileFieldValues.tattoos),
  interests: z.array(z.number().int().positive()).max(interestsMax, "profileEditor.tooManyInterests").optional(),
  country: countryField,
  region: regionField,
  city: cityField,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
