import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import type { z } from "zod";
import { FormError, InputField, useForm } from "~/components/form-kit";
import { SubmitButton } from "~/components/submit-button";
import { usePush } from "~/hooks/use-push-switch";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { ApiCallError, type CallContext, callApi } from "~/services/api.server";
import { apiFormErrors } from "~/services/api-form-errors.server";
import {
  apiUnavailableMessage,
  apiUnavailableReply,
  apiUnavailableStatus,
  flashWhenApiUnavailable,
  isApiUnavailable,
} from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { getCompanyInfo } from "~/services/settings.server";
import { deletionDays } from "~/services/site-info";
import { timeZones } from "~/services/time-zones.server";
import {
  accountDeleteSchema,
  discountCodeResponseSchema,
  mailChangeSchema,
  passwordChangeFormSchema,
} from "../../contract/account";
import { type NotificationSettings, notificationSettingsResponseSchema } from "../../contract/notifications";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/settings";

export const handle: RouteHandle = { hydrate: true };

const deleteFormSchema = accountDeleteSchema.pick({ password: true });

/** The settings screen (docs/product.md §2 notifications): password, e-mail, my data, and leaving. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const deleting = new URL(request.url).searchParams.get("delete") === "1";
  const [offers, notifications] = await Promise.all([
    deleting ? getCompanyInfo(call).then((info) => info.delete_discount) : [],
    callApi(call, "/notification-settings.php", { schema: notificationSettingsResponseSchema }),
  ]);
  // The server validates every form; the schemas' HTML constraints come with the page, so the browser needs no zod.
  const constraints = {
    password: getZodConstraint(passwordChangeFormSchema),
    email: getZodConstraint(mailChangeSchema),
    delete: getZodConstraint(deleteFormSchema),
  };
  return {
    email: member.email,
    invisible: member.profile.invisible,
    deleting,
    offers,
    notifications: notifications.settings,
    timeZones,
    constraints,
    title: getI18n(context).t("settings.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  if (intent === "password") return changePassword(call, formData);
  if (intent === "email") return changeEmail(call, formData);
  if (intent === "offer")
    return flashWhenApiUnavailable(request, "/notifications", () => takeOffer(call, Number(formData.get("offer"))));
  if (intent === "invisible")
    return flashWhenApiUnavailable(request, "/notifications", () =>
      setInvisible(call, formData.get("invisible") === "on"),
    );
  if (intent === "notifications") return saveNotifications(call, formData);
  if (intent === "delete") return deleteAccount(call, formData);
  throw data(null, { status: 400 });
}

/** Maps an API refusal with field messages onto the form, or a general message. */
function refused(
  intent: string,
  submission: { reply: (o: object) => SubmissionResult<string[]> },
  error: unknown,
  hide: string[],
) {
  // docs/product.md §7.3: an outage answers the form again with what was typed.
  if (isApiUnavailable(error))
    return data({ intent, result: apiUnavailableReply(submission, hide) }, apiUnavailableStatus);
  if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
  const { fieldErrors, formErrors } = apiFormErrors(error, {
    rate_limited: "settings.tooMany",
    account_blocked: "settings.tooManyWrong",
  });
  return data({ intent, result: submission.reply({ fieldErrors, formErrors, hideFields: hide }) }, { status: 400 });
}

async function changePassword(call: CallContext, formData: FormData) {
  const hide = ["old_password", "new_password", "new_password_confirm"];
  const submission = parseWithZod(formData, { schema: passwordChangeFormSchema });
  if (submission.status !== "success")
    return data({ intent: "password", result: submission.reply({ hideFields: hide }) }, { status: 400 });
  try {
    await callApi(call, "/password.php", {
      method: "PUT",
      body: { old_password: submission.value.old_password, new_password: submission.value.new_password },
      schema: okResponseSchema,
    });
  } catch (error) {
    return refused("password", submission, error, hide);
  }
  return redirectWithFlash(call.request, "/notifications", { message: "settings.passwordChanged" });
}

async function changeEmail(call: CallContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: mailChangeSchema });
  if (submission.status !== "success")
    return data({ intent: "email", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  try {
    await callApi(call, "/mail-change.php", { method: "POST", body: submission.value, schema: okResponseSchema });
  } catch (error) {
    return refused("email", submission, error, ["password"]);
  }
  return redirectWithFlash(call.request, "/notifications", {
    message: "settings.emailSent",
    values: { email: submission.value.email },
  });
}

async function takeOffer(call: CallContext, offer: number) {
  const { discountcode } = await callApi(call, "/retention-offer.php", {
    method: "POST",
    body: { offer },
    schema: discountCodeResponseSchema,
  });
  return redirectWithFlash(call.request, "/notifications", {
    message: "deletion.offerTaken",
    values: { code: discountcode.code, percentage: discountcode.value_percentage },
  });
}

/** Invisible mode (docs/product.md §6): hidden from search, likes and messages' senders lists. */
async function setInvisible(call: CallContext, invisible: boolean) {
  await callApi(call, "/invisible.php", { method: "PUT", body: { invisible }, schema: okResponseSchema });
  const message = invisible ? "settings.invisibleOn" : "settings.invisibleOff";
  return redirectWithFlash(call.request, "/notifications", { message });
}

/** The notification choices, mail and push (docs/product.md §4.16); saving them also turns mail back on after it stopped. */
async function saveNotifications(call: CallContext, formData: FormData) {
  const settings: NotificationSettings = {
    email_messages: formData.get("email_messages") === "on",
    email_likes: formData.get("email_likes") === "on",
    email_matches: formData.get("email_matches") === "on",
    push_messages: formData.get("push_messages") === "on",
    push_likes: formData.get("push_likes") === "on",
    push_matches: formData.get("push_matches") === "on",
    quiet_hours: formData.get("quiet_hours") === "on",
    time_zone: String(formData.get("time_zone") ?? ""),
  };
  try {
    await callApi(call, "/notification-settings.php", { method: "PUT", body: settings, schema: okResponseSchema });
  } catch (error) {
    if (isApiUnavailable(error))
      return data(
        { intent: "notifications" as const, settings, fields: {}, formError: apiUnavailableMessage },
        apiUnavailableStatus,
      );
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    const { fields } = apiFormErrors(error);
    return data({ intent: "notifications" as const, settings, fields, formError: "" }, { status: 400 });
  }
  return redirectWithFlash(call.request, "/notifications", { message: "notifications.saved" });
}

async function deleteAccount(call: CallContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteFormSchema });
  if (submission.status !== "success")
    return data({ intent: "delete", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  try {
    await callApi(call, "/user.php", { method: "DELETE", body: submission.value, schema: okResponseSchema });
  } catch (error) {
    return refused("delete", submission, error, ["password"]);
  }
  return redirect("/account-deleted");
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) =>
    actionData?.intent === intent && "result" in actionData ? actionData.result : undefined;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-4">{loaderData.title}</h1>
      <div className="row g-4">
        {/* The notifications' route (docs/product.md §2.16): their choices come first, the account's after them. */}
        <div className="col-12">
          <NotificationsForm
            publicKey={root?.site.pushPublicKey ?? ""}
            saved={loaderData.notifications}
            refused={actionData?.intent === "notifications" && "fields" in actionData ? actionData : undefined}
            timeZones={loaderData.timeZones}
          />
        </div>
        <div className="col-12 col-lg-6">
          <PasswordForm lastResult={resultFor("password")} constraint={loaderData.constraints.password} />
        </div>
        <div className="col-12 col-lg-6">
          <EmailForm
            lastResult={resultFor("email")}
            current={loaderData.email}
            constraint={loaderData.constraints.email}
          />
        </div>
        <div className="col-12 col-lg-6">
          <section className="card card-body h-100" aria-labelledby="invisible-title">
            <h2 id="invisible-title" className="h5">
              {t("settings.invisibleTitle")}
            </h2>
            <p>{loaderData.invisible ? t("settings.invisibleIsOn") : t("settings.invisibleBody")}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="invisible" />
              <input type="hidden" name="invisible" value={loaderData.invisible ? "off" : "on"} />
              <SubmitButton className="btn btn-outline-dark">
                {loaderData.invisible ? t("settings.invisibleTurnOff") : t("settings.invisibleTurnOn")}
              </SubmitButton>
            </Form>
          </section>
        </div>
        <div className="col-12 col-lg-6">
          <section className="card card-body h-100" aria-labelledby="data-title">
            <h2 id="data-title" className="h5">
              {t("settings.dataTitle")}
            </h2>
            <p>{t("settings.dataBody")}</p>
            <a href="/notifications/export" className="btn btn-outline-dark align-self-start" download>
              {t("settings.download")}
            </a>
          </section>
        </div>
        <div className="col-12 col-lg-6">
          <section className="card card-body h-100 border-danger-subtle" aria-labelledby="delete-title">
            <h2 id="delete-title" className="h5">
              {t("deletion.title")}
            </h2>
            {loaderData.deleting ? (
              <DeleteAccount
                offers={loaderData.offers}
                lastResult={resultFor("delete")}
                constraint={loaderData.constraints.delete}
              />
            ) : (
              <>
                <p>{t("deletion.lead", { count: deletionDays })}</p>
                <Link to="/notifications?delete=1#delete-title" className="btn btn-outline-danger align-self-start">
                  {t("deletion.start")}
                </Link>
              </>
            )}
          </section>
        </div>
      </div>
    </main>
  );
}

type Constraint = ReturnType<typeof getZodConstraint>;

/**
 * Mail and push about new messages, likes and matches, and the quiet hours; a refused time zone keeps every choice
 * made. Whether this device gets pushes is its own switch, which needs a script (the browser asks).
 */
function NotificationsForm(props: {
  publicKey: string;
  saved: NotificationSettings;
  refused?: { settings: NotificationSettings; fields: Record<string, string>; formError: string };
  timeZones: string[];
}) {
  const { t } = useTranslation();
  const values = props.refused?.settings ?? props.saved;
  const zoneError = props.refused?.fields.time_zone;
  const box = (name: keyof NotificationSettings, label: string) => (
    <div className="form-check">
      <input
        className="form-check-input"
        type="checkbox"
        id={`notify-${name}`}
        name={name}
        defaultChecked={Boolean(values[name])}
      />
      <label className="form-check-label" htmlFor={`notify-${name}`}>
        {t(keyOf(label))}
      </label>
    </div>
  );
  return (
    <section className="card card-body" aria-labelledby="email-notifications">
      <h2 id="email-notifications" className="h5">
        {t("notifications.title")}
      </h2>
      <Form method="post" key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="notifications" />
        {props.refused?.formError && (
          <div className="alert alert-danger" role="alert">
            {t(keyOf(props.refused.formError))}
          </div>
        )}
        <fieldset className="mb-3">
          <legend className="h6">{t("notifications.emailTitle")}</legend>
          <p className="small text-body-secondary">{t("notifications.intro")}</p>
          {box("email_messages", "notifications.messages")}
          {box("email_likes", "notifications.likes")}
          {box("email_matches", "notifications.matches")}
        </fieldset>
        <fieldset className="mb-3" id="push-notifications">
          <legend className="h6">{t("notifications.push.title")}</legend>
          <p className="small text-body-secondary">{t("notifications.push.intro")}</p>
          {box("push_messages", "notifications.messages")}
          {box("push_likes", "notifications.likes")}
          {box("push_matches", "notifications.matches")}
          <PushDeviceSwitch publicKey={props.publicKey} />
        </fieldset>
        <div className="mb-3">{box("quiet_hours", "notifications.quietHours")}</div>
        <div className="mb-3">
          <label htmlFor="notify-time-zone" className="form-label">
            {t("notifications.timeZone")}
          </label>
          <select
            id="notify-time-zone"
            name="time_zone"
            defaultValue={values.time_zone}
            className={`form-select${zoneError ? " is-invalid" : ""}`}
            aria-invalid={zoneError ? true : undefined}
            aria-describedby={zoneError ? "notify-time-zone-error" : undefined}
          >
            {/* A zone the list does not know (sent by hand) stays visible as what was chosen. */}
            {!props.timeZones.includes(values.time_zone) && <option>{values.time_zone}</option>}
            {props.timeZones.map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>
          {zoneError && (
            <div id="notify-time-zone-error" className="invalid-feedback">
              {t(keyOf(zoneError))}
            </div>
          )}
        </div>
        <SubmitButton>{t("notifications.save")}</SubmitButton>
      </Form>
    </section>
  );
}

/** This device's push state (docs/product.md §4 push states), told as it is, and the switch for it. */
function PushDeviceSwitch({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const { state, failure, turnOn, turnOff } = usePush(publicKey);
  const said = {
    "not-capable": "notifications.push.notCapable",
    unsubscribed: "notifications.push.unsubscribed",
    subscribed: "notifications.push.subscribed",
    denied: "notifications.push.denied",
  } as const;
  return (
    <div className="mt-2" data-push-state={state ?? undefined}>
      <noscript>
        <p className="small mb-0">{t("notifications.push.noScript")}</p>
      </noscript>
      {state && (
        <p className="small mb-2" aria-live="polite">
          {failure ? t(keyOf(failure)) : t(said[state])}
        </p>
      )}
      {state === "unsubscribed" && (
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void turnOn()}>
          {t("notifications.push.turnOn")}
        </button>
      )}
      {state === "subscribed" && (
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => void turnOff()}>
          {t("notifications.push.turnOff")}
        </button>
      )}
    </div>
  );
}

function PasswordForm({ lastResult, constraint }: { lastResult?: SubmissionResult<string[]>; constraint: Constraint }) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.input<typeof passwordChangeFormSchema>>({
    id: "change-password",
    lastResult,
    constraint,
  });
  return (
    <section className="card card-body h-100" aria-labelledby="password-title">
      <h2 id="password-title" className="h5">
        {t("settings.passwordTitle")}
      </h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormError form={form} />
        <InputField
          field={fields.old_password}
          label="settings.oldPassword"
          type="password"
          autoComplete="current-password"
        />
        <InputField field={fields.new_password} label="reset.newPassword" type="password" autoComplete="new-password" />
        <InputField
          field={fields.new_password_confirm}
          label="reset.confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton>{t("settings.savePassword")}</SubmitButton>
      </Form>
    </section>
  );
}

function EmailForm({
  lastResult,
  current,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  current: string;
  constraint: Constraint;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.input<typeof mailChangeSchema>>({
    id: "change-email",
    lastResult,
    constraint,
  });
  return (
    <section className="card card-body h-100" aria-labelledby="email-title">
      <h2 id="email-title" className="h5">
        {t("settings.emailTitle")}
      </h2>
      <p className="small text-body-secondary">{t("settings.currentEmail", { email: current })}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="email" />
        <FormError form={form} />
        <InputField field={fields.email} label="settings.newEmail" type="email" autoComplete="email" />
        <InputField field={fields.password} label="login.password" type="password" autoComplete="current-password" />
        <SubmitButton>{t("settings.saveEmail")}</SubmitButton>
      </Form>
    </section>
  );
}

/** Retention offers first (docs/product.md §1), then the deletion itself, confirmed with the password. */
function DeleteAccount({
  offers,
  lastResult,
  constraint,
}: {
  offers: { credits: number; percentage: number }[];
  lastResult?: SubmissionResult<string[]>;
  constraint: Constraint;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.input<typeof deleteFormSchema>>({
    id: "delete-account",
    lastResult,
    constraint,
  });
  return (
    <>
      {offers.map((offer, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an offer is known by its index, which the form posts.
        <Form method="post" key={index} className="alert alert-success">
          <input type="hidden" name="intent" value="offer" />
          <input type="hidden" name="offer" value={index} />
          <p className="mb-2 fw-semibold">
            {t("deletion.offer", { percentage: offer.percentage, count: offer.credits })}
          </p>
          <SubmitButton className="btn btn-success btn-sm">{t("deletion.takeOffer")}</SubmitButton>
        </Form>
      ))}
      <p>{t("deletion.lead", { count: deletionDays })}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="delete" />
        <FormError form={form} />
        <InputField field={fields.password} label="deletion.password" type="password" autoComplete="current-password" />
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton className="btn btn-danger">{t("deletion.confirm")}</SubmitButton>
          <Link to="/notifications" className="btn btn-outline-dark">
            {t("deletion.keep")}
          </Link>
        </div>
      </Form>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
