import { cookieOptions, flashCookie } from "./cookies.server";

export interface Flash {
  /** A translation key of the common namespace. */
  message: string;
  values?: Record<string, string | number>;
  tone?: "success" | "info" | "warning" | "danger";
}

/** The Set-Cookie header that shows `flash` on the next page. */
export function setFlash(request: Request, flash: Flash) {
  return flashCookie.serialize(flash, cookieOptions(request));
}

/** Reads the flash of this request and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const flash = (await flashCookie.parse(request.headers.get("cookie"))) as Flash | null;
  if (!flash) return { flash: null, clear: null };
  return { flash, clear: await flashCookie.serialize("", { ...cookieOptions(request), maxAge: 0 }) };
}
