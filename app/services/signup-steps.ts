import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";
import { ageOn } from "../../contract/age";
import {
  cityField,
  countryField,
  dateOfBirthField,
  genderField,
  nameField,
  newEmailField,
  newPasswordField,
  regionField,
  seekingField,
  signupMessageField,
} from "../../contract/fields";
import { lastSignupStep } from "./signup-fields";

/**
 * The signup's steps 0 to 4 (docs/product.md §2). Each step's form carries the answers of the steps before it in hidden
 * fields, so the whole signup works as plain form posts without JavaScript and without a server-side draft.
 */
export const signupSteps = (minAge: number) =>
  [
    z.object({ gender: genderField, seeking: seekingField }),
    z.object({
      // docs/product.md §5: at least the site's minimum age; checked at this step so the member is told at once.
      date_of_birth: dateOfBirthField.refine((dob) => {
        const age = ageOn(dob, new Date());
        return age >= minAge && age <= 120;
      }, "validation.invalidDob"),
    }),
    z.object({ country: countryField, region: regionField, city: cityField }),
    z.object({ name: nameField, signup_message: signupMessageField }),
    z.object({
      email: newEmailField,
      password: newPasswordField,
      terms: z.literal("on", { error: "signup.acceptTerms" }),
    }),
  ] as const;

export { carriedFields, lastSignupStep, type SignupValues } from "./signup-fields";

/** The fields of every step up to and including `step`, for validating what the form carries. */
export function signupSchemaUpTo(step: number, minAge: number) {
  const steps = signupSteps(minAge);
  let schema = z.object({
    step: z.coerce.number().int().min(0).max(lastSignupStep),
    invite_code: z.string().optional(),
  });
  for (let i = 0; i <= step; i++) schema = schema.extend(steps[i]!.shape) as unknown as typeof schema;
  return schema;
}

/** The step that asks for a field, to show an error the API found at the right step. */
export function stepOfField(field: string): number {
  const index = signupSteps(18).findIndex((s) => field in s.shape);
  return index === -1 ? lastSignupStep : index;
}

/** The HTML constraints (required, lengths, types) of each step's fields, made here so the browser needs no zod. */
export function signupConstraints(minAge: number) {
  return Array.from({ length: lastSignupStep + 1 }, (_, step) => getZodConstraint(signupSchemaUpTo(step, minAge)));
}
