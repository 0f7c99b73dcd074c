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
  return (
    <aside className="container-lg mt-3" aria-label={t("notifications.push.title")}>
      <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 mb-0">
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
