import type { z } from "zod";
import { ApiError } from "../errors";

/** Parses a body or query with its contract schema; a mismatch is a 400 naming the fields. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  throw new ApiError(400, "validation_failed", "The request is not valid", { fields });
}
