/**
 * What the signup form needs in the browser, without the schemas (and so without zod): how many steps, and which
 * answers of earlier steps ride along as hidden fields (never the password).
 */
export const lastSignupStep = 4;
export const carriedFields = [
  "gender",
  "seeking",
  "date_of_birth",
  "country",
  "region",
  "city",
  "name",
  "signup_message",
  "invite_code",
] as const;
export type SignupValues = Partial<Record<(typeof carriedFields)[number], string>>;
