import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page";
import { commonStringsUrl } from "./i18n/common-strings-url";
import { useTranslation } from "./i18n/translator";
import { visibleLanguages } from "./i18n/visible-languages";
import { getMember } from "./services/auth.server";
import {
  entryWarningCookie,
  mailAlertCookie,
  photoWarningCookie,
  pushAlertCookie,
  recentlyClosed,
} from "./services/cookies.server";
import { dateLocale } from "./services/dates";
import { takeFlash } from "./services/flash.server";
import { getI18n, i18nextMiddleware, localeOf } from "./services/i18n.server";
import { memberStamp } from "./services/member-stamp.server";
import { useNonce } from "./services/nonce";
import {
  captureTracking,
  loadSiteSettings,
  notePageRoute,
  refuseUnreadableForm,
  relayApiCookies,
} from "./services/root-middleware.server";
import { getCompanyInfo, getSettings } from "./services/settings.server";
import { shareCard } from "./services/share-card.server";
import { termsVersionDate } from "./services/site-info";
import siteStylesheet from "./styles/app.scss?url";
import landerStylesheet from "./styles/lander-base.scss?url";

export const middleware: Route.MiddlewareFunction[] = [
  notePageRoute,
  refuseUnreadableForm,
  relayApiCookies,
  loadSiteSettings,
  captureTracking,
  i18nextMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const [settings, member, company, { flash, clear }] = await Promise.all([
    getSettings(call),
    getMember(call),
    getCompanyInfo(call),
    takeFlash(request),
  ]);
  const locale = localeOf(context);
  const { t } = getI18n(context);
  // The site's own title and description (settings) are written in English: other languages get ours.
  const ownWords = locale === "en";
  const cookies = request.headers.get("cookie");
  const skipped = await entryWarningCookie.parse(cookies);
  const country = settings.geoip_country;
  const origin = new URL(request.url).origin;
  return data(
    {
      locale,
      // Dates as the member's (or the visitor's) country writes them in this language (app/services/dates.ts).
      dateLocale: dateLocale(locale, member?.profile.country ?? country),
      origin,
      languages: visibleLanguages(settings, locale),
      // Every language the site offers, whatever the visitor's country: the hreflang alternates name them all.
      siteLanguages: settings.languages,
      site: {
        name: settings.name,
        indexTitle: (ownWords && settings.index_title) || t("meta.homeTitle", { site: settings.name }),
        description: (ownWords && settings.description) || t("meta.description", { site: settings.name }),
        supportEmail: settings.support_email,
        supportPhone: settings.support_phone,
        minimumAge: settings.minimum_age,
        refundDays: settings.refund_days,
        premiumVariant: settings.premium_variant,
        cdnPrefix: settings.cdn_prefix,
        pushPublicKey: settings.push_public_key,
        indexMemberPages: settings.index_member_pages,
        memberResell: settings.member_resell,
      },
      shareCard: shareCard(
        origin,
        locale,
        settings.languages,
        settings.name,
        t("meta.shareImageAlt", { site: settings.name }),
      ),
      company: {
        name: company.name,
        address: company.address,
        city: company.city,
        country: company.country,
        kvk: company.kvk,
        vat: company.vat_numbers.join(", "),
        vatNumbers: company.vat_numbers,
        termsDate: termsVersionDate(company.added).toISOString(),
      },
      member: member && {
        name: member.profile.name,
        email: member.email,
        // docs/product.md §4: not confirmed with a disabled profile shows the activation reminder.
        needsActivation: member.status === "not_confirmed" && member.profile.status === "disabled",
        credits: member.credits,
        paidUser: member.paid_user,
        moderator: member.moderator,
        admin: member.admin,
        unreadMessages: member.unread_messages,
        newLikes: member.new_likes,
        // What the poll compares with a fresh one before it reads the page again (app/hooks/use-polling.ts).
        stamp: memberStamp(member),
        // Seconds left as the server counts them: the page shows them without JavaScript, the countdown from there.
        timeBonus: member.time_bonus && {
          percentage: member.time_bonus.value_percentage,
          secondsLeft: Math.max(0, Math.floor((Date.parse(member.time_bonus.ends_at) - Date.now()) / 1000)),
        },
        // docs/product.md §2: the profile-photo warning, until there is an approved photo or this device closed it.
        photoWarning: !member.profile.main_image && !(await photoWarningCookie.parse(cookies)),
        // docs/product.md §2: why notification mails stopped, until this device closed the alert (for 30 days).
        mailStopped: (await recentlyClosed(mailAlertCookie, cookies)) ? [] : member.notifications_disabled,
        // docs/product.md §2: the push-enable alert, until this device turned push on or closed it (for 30 days).
        pushAlertClosed: await recentlyClosed(pushAlertCookie, cookies),
        thumb: member.profile.main_image ? `${settings.cdn_prefix}/${member.profile.main_image.thumb_filename}` : null,
      },
      // docs/product.md §1: the entry warning on first visit, with its own variant for the Netherlands and Germany.
      entryWarning:
        settings.enable_site_entry_popup && !skipped
          ? { variant: country === "NL" || country === "DE" ? (country as "NL" | "DE") : null }
          : null,
      flash,
      // Only a member's activation reminder reads it: a visitor's page stays the same for every browser, so that it
      // can be cached (server/visitor-page-cache.ts).
      isPhone: Boolean(member) && /Mobi|Android|iPhone/i.test(request.headers.get("user-agent") ?? ""),
    },
    { headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** Loader data of the root route, for any component below it. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** A route opts into JavaScript with `handle.hydrate`; pages for crawlers and scriptless phones ship none. */
export interface RouteHandle {
  hydrate?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const matches = useMatches();
  const hydrate = matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate);
  const landerPage = matches.some((m) => m.id === "layout-lander");
  const translator = useTranslation();
  const locale = root?.locale ?? translator.locale;
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6f42c1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/app-icons/192" />
        {/* An advert's page takes the site's stylesheet trimmed to what the lander layout uses (vite.config.ts). */}
        <link rel="stylesheet" href={landerPage ? landerStylesheet : siteStylesheet} />
        <Meta />
        <Links />
        {hydrate && (
          // Fetched by entry.client before hydration; preloaded so that it arrives beside the scripts.
          <link rel="preload" id="i18n-strings" href={commonStringsUrl(locale)} as="fetch" crossOrigin="anonymous" />
        )}
      </head>
      <body className="d-flex flex-column min-vh-100">
        {children}
        {hydrate && (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
