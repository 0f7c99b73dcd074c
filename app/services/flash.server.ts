import { redirect } from "react-router";
import { cookieOptions, flashCookie } from "./cookies.server";
import { type Flash, flashSchema } from "./flash";

/** Post/redirect/get with a message: redirects to `to` and shows `flash` on that page; `cookies` go along. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, cookies: string[] = []) {
  const headers = new Headers({ "Set-Cookie": await flashCookie.serialize(flash, cookieOptions(request)) });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** Reads the flash of this request (nothing when it is missing or malformed) and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = await flashCookie.parse(request.headers.get("cookie"));
  if (cookie == null || cookie === "") return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(cookie);
  return {
    flash: parsed.success ? parsed.data : null,
    clear: await flashCookie.serialize("", { ...cookieOptions(request), maxAge: 0 }),
  };
}
