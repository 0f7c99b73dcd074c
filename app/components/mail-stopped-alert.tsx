import { Link, useMatches } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { DismissForm } from "./dismiss-form";

type Reason = "fbl" | "bounce" | "listunsubscribe";

/**
 * The disabled-notifications alert of the default layout (docs/product.md §4.16): why notification mails stopped,
 * and the way back (saving the notification settings). Closing it posts to /notifications-alert, without a script.
 */
export function MailStoppedAlert({ reasons, email }: { reasons: Reason[]; email: string }) {
  const { t } = useTranslation();
  const onSettings = useMatches().some((m) => m.id === "notifications");
  return (
    <aside className="container-lg mt-3" aria-label={t("notifications.title")}>
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto">
          {reasons.map((reason) => t(`notifications.disabled.${reason}`, { email })).join(" ")}{" "}
          {t("notifications.disabled.turnOn")}
        </span>
        {!onSettings && (
          <Link to="/notifications#email-notifications" className="btn btn-sm btn-primary">
            {t("notifications.disabled.action")}
          </Link>
        )}
        <DismissForm action="/notifications-alert" label={t("notifications.disabled.dismiss")} />
      </div>
    </aside>
  );
}
