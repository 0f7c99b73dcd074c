import { z } from "zod";

/**
 * One validator per kind of field, shared by the web tier's actions (conform), the pages' HTML constraints and the
 * API. Messages are translation keys of the web tier's common namespace.
 */
const required = { error: "validation.required" };

export const genderField = z.enum(["male", "female"], required);
export const seekingField = z.enum(["male", "female", "both"], required);
export const dateOfBirthField = z
  .string(required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalidDob")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "validation.invalidDob")
  .meta({ examples: ["1990-05-01"] });
/** Examples are for the OpenAPI document (contract/openapi.ts), which checks them against the pattern. */
export const countryField = z
  .string(required)
  .regex(/^[A-Z]{2}$/, "validation.required")
  .meta({ examples: ["NL"] });
export const regionField = z.string().max(20).optional();
export const cityField = z.string().trim().max(80, "validation.tooLong").optional();
export const nameField = z
  .string(required)
  .trim()
  .min(2, "validation.nameTooShort")
  .max(30, "validation.tooLong")
  .refine((value) => !value.startsWith("@"), "validation.nameAt");
export const signupMessageField = z.string().trim().max(500, "validation.tooLong").optional();
const emailField = (invalid: string) =>
  z.string(required).trim().toLowerCase().max(254, "validation.tooLong").pipe(z.email(invalid));
export const newEmailField = emailField("validation.invalidEmail");
/** A member's next address, on e-mail change: its own message (docs/product.md §5 'New email adress is invalid.'). */
export const changedEmailField = emailField("validation.newEmailInvalid");
export const newPasswordField = z.string(required).min(8, "validation.passwordTooShort").max(200, "validation.tooLong");

/** A password the member already has (login, change, deletion): checked by the API, only bounded here. */
export const currentPasswordField = z.string(required).max(200);

/** A form that asks for a new password twice (docs/product.md §5: 'The entered passwords are not the same.'). */
export function typedTwice<Shape extends z.ZodRawShape, Confirmation extends string>(
  shape: Shape,
  field: keyof Shape & string,
  confirmation: Confirmation,
) {
  const both = { ...shape, [confirmation]: z.string(required) } as Shape & Record<Confirmation, z.ZodString>;
  return z
    .object(both)
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>)[confirmation], {
      path: [confirmation],
      message: "validation.passwordsDiffer",
    });
}
