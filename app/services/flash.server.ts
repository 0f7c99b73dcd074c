import { redirect } from "react-router";
import { z } from "zod";
import { cookieOptions, flashCookie } from "./cookies.server";

/** A one-time message for the next page; the cookie is the browser's to edit, so it is read through this schema. */
const flashSchema = z.object({
  /** A translation key of the common namespace. */
  message: z.string().max(100),
  values: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
  tone: z.enum(["success", "info", "warning", "danger"]).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

/** Post/redirect/get with a message: redirects to `to` and shows `flash` on that page. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash) {
  return redirect(to, { headers: { "Set-Cookie": await flashCookie.serialize(flash, cookieOptions(request)) } });
}

/** Reads the flash of this request (nothing when it is missing or malformed) and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = await flashCookie.parse(request.headers.get("cookie"));
  if (cookie == null || cookie === "") return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(cookie);
  return { flash: parsed.success ? parsed.data : null, clear: await flashCookie.serialize("", { ...cookieOptions(request), maxAge: 0 }) };
}
