import { useEffect, useRef } from "react";
import { usePush } from "~/hooks/use-push-switch";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { DismissForm } from "./dismiss-form";

/**
 * The push-enable alert (docs/product.md §2): offered on member pages with scripts while this device could get pushes
 * but does not (not blocked either), until the member turns them on or closes it here (hide-push-notification-alert).
 * Loaded on demand by the default layout, which shows it only then.
 */
export function PushAlert({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const { failure, turnOn } = usePush(publicKey);
  const alert = useRef<HTMLElement>(null);
  useRoomBelow(alert);
  return (
    // It comes once the device's push state is known, after the page is shown: held at the foot of the window, it
    // moves nothing a member may be about to tap (an alert above the page pushed it all down under the finger).
    // Styles set from script (CSSOM), which the style-src policy allows, as the loading bar's: no stylesheet bytes.
    <aside
      ref={alert}
      aria-label={t("notifications.push.title")}
      style={{ position: "fixed", left: 0, right: 0, bottom: 0, zIndex: 3 }}
    >
      <div className="container-lg alert alert-info shadow d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto" aria-live="polite">
          {failure ? t(keyOf(failure)) : t("notifications.push.alert")}
        </span>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void turnOn()}>
          {t("notifications.push.turnOn")}
        </button>
        <DismissForm action="/push-alert" label={t("notifications.disabled.dismiss")} />
      </div>
    </aside>
  );
}

/** The page ends that much lower while the alert shows, so that it covers nothing at the page's foot for good. */
function useRoomBelow(alert: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = alert.current;
    if (!element) return;
    const body = document.body.style;
    const room = new ResizeObserver(() => body.setProperty("padding-bottom", `${element.offsetHeight}px`));
    room.observe(element);
    return () => {
      room.disconnect();
      body.removeProperty("padding-bottom");
    };
  }, [alert]);
}
