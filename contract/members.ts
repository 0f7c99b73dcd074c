import { z } from "zod";
import { mainImageSchema } from "./user";

/** A profile as other members and visitors see it on a card (SPEC §3 Profile). */
export const profileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(["male", "female"]),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  fictional: z.boolean(),
  main_image: mainImageSchema.nullable(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const profileQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const profileTeaserResponseSchema = z.object({ profile: profileCardSchema.extend({ about: z.string() }) });
