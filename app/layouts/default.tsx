import { lazy, Suspense } from "react";
import { Outlet, useMatches } from "react-router";
import { ActivationReminder } from "~/components/activation-reminder";
import { AutoLikeNotice } from "~/components/auto-like-notice";
import { EntryWarning } from "~/components/entry-warning";
import { ErrorPage } from "~/components/error-page";
import { FlashMessage } from "~/components/flash-message";
import { LiveCounts } from "~/components/live-counts";
import { MailStoppedAlert } from "~/components/mail-stopped-alert";
import { PhotoWarning } from "~/components/photo-warning";
import { SignupModalProvider } from "~/components/signup-modal";
import { SiteFooter } from "~/components/site-footer";
import { TimeBonus } from "~/components/time-bonus";
import { TopBar } from "~/components/top-bar";
import { usePushState } from "~/hooks/use-push";
import { type RootData, useRootData } from "~/root";
import type { Route } from "./+types/default";

/** The default layout (docs/product.md §2): top bar, flash, page, footer with disclaimer, entry warning. */
export default function DefaultLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <DefaultChrome root={root}>
      <Outlet />
    </DefaultChrome>
  );
}

/** The staff's pages: there a member's own prompts would stand between staff and their work. */
const staffRoutes = new Set(["admin", "moderation", "moderation-landers", "moderation-second-factor"]);

function DefaultChrome({ root, children }: { root: RootData; children: React.ReactNode }) {
  const atStaffWork = useMatches().some((match) => staffRoutes.has(match.id));
  // The banners and notices of docs/product.md §2 that speak to the member as a member (an offer, a reminder, a like).
  const prompted = atStaffWork ? null : root.member;
  return (
    <SignupModalProvider>
      <LiveCounts member={root.member} locale={root.locale} />
      <TopBar root={root} />
      {prompted?.timeBonus && <TimeBonus {...prompted.timeBonus} />}
      <FlashMessage flash={root.flash} />
      {prompted?.needsActivation && <ActivationReminder email={prompted.email} isPhone={root.isPhone} />}
      {prompted?.photoWarning && !prompted.needsActivation && <PhotoWarning />}
      {prompted && prompted.mailStopped.length > 0 && (
        <MailStoppedAlert reasons={prompted.mailStopped} email={prompted.email} />
      )}
      {prompted && !prompted.pushAlertClosed && <PushAlertWhenUseful publicKey={root.site.pushPublicKey} />}
      {prompted && <AutoLikeNotice />}
      {children}
      <SiteFooter root={root} />
      {root.entryWarning && (
        <EntryWarning variant={root.entryWarning.variant} minAge={root.site.minimumAge} siteName={root.site.name} />
      )}
    </SignupModalProvider>
  );
}

// Its code comes only to members whose device could get pushes but does not: other pages do not carry it.
const PushAlert = lazy(() => import("~/components/push-alert").then((m) => ({ default: m.PushAlert })));

/** The push-enable alert, except on the settings, which have the same switch. */
function PushAlertWhenUseful({ publicKey }: { publicKey: string }) {
  const state = usePushState();
  const onSettings = useMatches().some((m) => m.id === "notifications");
  if (onSettings || state !== "unsubscribed") return null;
  return (
    <Suspense>
      <PushAlert publicKey={publicKey} />
    </Suspense>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (!root) return <ErrorPage error={error} />;
  return (
    <DefaultChrome root={root}>
      <ErrorPage error={error} />
    </DefaultChrome>
  );
}
