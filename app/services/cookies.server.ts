import { type Cookie, createCookie, redirect } from "react-router";
import { DAY, DAY_IN_SECONDS } from "../../contract/durations";
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
