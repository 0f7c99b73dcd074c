import { z } from "zod";

/** A one-time message for the next page; the cookie is the browser's to edit, so it is read through this schema. */
export const flashSchema = z.object({
  /** A translation key of the common namespace. */
  message: z.string().max(100),
  values: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
  tone: z.enum(["success", "info", "warning", "danger"]).optional(),
});
export type Flash = z.infer<typeof flashSchema>;
