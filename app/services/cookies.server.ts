import { type Cookie, createCookie, redirect } from "react-router";
import { DAY, DAY_IN_SECONDS } from "../../contract/durations";
import { type Tracking, trackingSchema } from "../../contract/signup";
import { safeRedirect } from "./auth.server";

const year = 365 * DAY_IN_SECONDS;

/** The chosen language, 365 days (docs/product.md §9). */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: year });

/** When the visitor skipped the adult-content entry warning (docs/product.md §9: stored with a timestamp). */
export const entryWarningCookie = createCookie("entry_warning_skipped", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: year,
});

/** When this device dismissed the profile-photo warning (docs/product.md §3: hide-enrich-alert, with its time). */
export const photoWarningCookie = createCookie("hide-enrich-alert", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: year,
});

/** When this device closed the alert that notification mails stopped (docs/product.md §3 flags). */
export const mailAlertCookie = createCookie("hide-disabled-notifications-alert", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: year,
});

/** When this device closed the alert that offers push notifications (docs/product.md §3 flags). */
export const pushAlertCookie = createCookie("hide-push-notification-alert", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: year,
});

/** A one-time message for the next page (post/redirect/get). */
export const flashCookie = createCookie("flash", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

/** Adds Secure to cookies when the request came over https. */
export function cookieOptions(request: Request) {
  return { secure: new URL(request.url).protocol === "https:" };
}

/** Where the visitor came from (docs/product.md §3 tracking data), kept from the first visit and stored with the account. */
export const trackingCookie = createCookie("tracking", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 30 * DAY_IN_SECONDS,
});

/**
 * The tracking cookie's data, as far as it reads as tracking data (docs/product.md §3.11): a cookie the browser
 * changed loses the fields it broke, and the signup goes on without them rather than failing on them.
 */
export async function trackingOf(request: Request): Promise<Tracking | undefined> {
  const raw: unknown = await trackingCookie.parse(request.headers.get("cookie"));
  if (typeof raw !== "object" || raw === null) return undefined;
  const kept = Object.entries(raw).filter(([key, value]) => {
    const field = trackingSchema.shape[key as keyof Tracking];
    return field?.safeParse(value).success === true && value !== undefined;
  });
  return kept.length ? (Object.fromEntries(kept) as Tracking) : undefined;
}

/** The answer of an alert's close button (app/components/dismiss-form.tsx): the time in its cookie, and back. */
export async function dismissed(request: Request, cookie: Cookie) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await cookie.serialize(new Date().toISOString(), cookieOptions(request)) },
  });
}

/** Whether a dismissal cookie holds a time within the last `days` days. */
export async function recentlyClosed(cookie: Cookie, header: string | null, days = 30) {
  const at = Date.parse(String((await cookie.parse(header)) ?? ""));
  return Number.isFinite(at) && Date.now() - at < days * DAY;
}
