import { data, Form, Link, useActionData } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { type MailEvent, mailEvents } from "../../contract/notifications-values";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/unsubscribe";

/** The link of a notification mail, `?token=…&event=messages|likes|matches`; null when it cannot be one. */
function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const event = params.get("event") as MailEvent;
  return token.length >= 20 && mailEvents.includes(event) ? { token, event } : null;
}

/**
 * /unsubscribe (docs/product.md §4.16): the link in every notification mail. Opening it asks before anything changes
 * (mail scanners open links); the button, or a mail client's one-click POST (RFC 8058), turns that mail off. No login.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { link: linkOf(request), title: getI18n(context).t("notifications.unsubscribe.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = linkOf(request);
  if (!link) return { done: false };
  try {
    await callApi({ request, context }, "/unsubscribe.php", { method: "POST", body: link, schema: okResponseSchema });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return { done: false };
    // docs/product.md §7.3: the question again, with "try again".
    if (isApiUnavailable(error)) return data({ error: apiUnavailableMessage }, apiUnavailableStatus);
    throw error;
  }
  return { done: true };
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const done = answer && "done" in answer ? answer.done : undefined;
  const { link } = loaderData;
  const what = link && t(`notifications.unsubscribe.what.${link.event}`);
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{loaderData.title}</h1>
          {!link || done === false ? (
            <div className="alert alert-warning" role="alert">
              {t("notifications.unsubscribe.invalid")}
            </div>
          ) : done ? (
            <div className="alert alert-success" role="status">
              {t("notifications.unsubscribe.done", { what })}{" "}
              <Link to="/notifications#email-notifications">{t("notifications.disabled.action")}</Link>
            </div>
          ) : (
            <Form method="post">
              {answer && "error" in answer && (
                <div className="alert alert-danger" role="alert">
                  {t(answer.error)}
                </div>
              )}
              <p>{t("notifications.unsubscribe.question", { what })}</p>
              <SubmitButton>{t("notifications.unsubscribe.confirm")}</SubmitButton>
            </Form>
          )}
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
