import { isLocale } from "../../contract/locales";
import { visitorCountry } from "../../contract/visitor-country";
import { entryWarningCookie, flashCookie, languageCookie, trackingCookie } from "./cookies.server";
import { webEnv } from "./env.server";

/** Both spellings of the session cookie (contract/session-cookie.ts): either one means a member may be asking. */
const sessionCookie = /(?:^|;\s*)(?:__Host-)?sid=/;

/**
 * What a visitor's page depends on besides its host and URL (the visitor page cache of server/visitor-page-cache.ts):
 * the language cookie (i18n.server.ts), whether the entry warning was skipped and the visitor's country (root.tsx),
 * and whether the visit came from a traffic source (members.tsx). Null when the page must be rendered for this request
 * alone: a session cookie (a member's page), or a flash message the page shows once. A loader that comes to read
 * another cookie or header for visitors must add it here.
 */
export async function visitorPageVariant(
  cookie: string | undefined,
  country: string | undefined,
): Promise<string | null> {
  const header = cookie ?? "";
  if (sessionCookie.test(header)) return null;
  const flash: unknown = await flashCookie.parse(header);
  if (flash != null && flash !== "") return null;
  const language: unknown = await languageCookie.parse(header);
  const skipped = Boolean(await entryWarningCookie.parse(header));
  const tracking = (await trackingCookie.parse(header)) as { network?: unknown; ref?: unknown } | null;
  const trafficSource = Boolean(tracking?.network || tracking?.ref);
  return [
    isLocale(language) ? language : "",
    skipped ? "skipped" : "",
    trafficSource ? "source" : "",
    visitorCountry(country, webEnv().trustCfHeaders) ?? "",
  ].join("|");
}
