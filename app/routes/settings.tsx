import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import type { z } from "zod";
import { FormError, InputField, useForm } from "~/components/form-kit";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { ApiCallError, type CallContext, callApi } from "~/services/api.server";
import { apiFormErrors } from "~/services/api-form-errors.server";
import { requireMember } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { getCompanyInfo } from "~/services/settings.server";
import { deletionDays } from "~/services/site-info";
import {
  accountDeleteSchema,
  discountCodeResponseSchema,
  mailChangeSchema,
  passwordChangeFormSchema,
} from "../../contract/account";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/settings";

export const handle: RouteHandle = { hydrate: true };

const deleteFormSchema = accountDeleteSchema.pick({ password: true });

/** The settings screen (docs/product.md §2 notifications): password, e-mail, my data, and leaving. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const deleting = new URL(request.url).searchParams.get("delete") === "1";
  const offers = deleting ? (await getCompanyInfo(call)).delete_discount : [];
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
  if (intent === "offer") return takeOffer(call, Number(formData.get("offer")));
  if (intent === "invisible") return setInvisible(call, formData.get("invisible") === "on");
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
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-4">{loaderData.title}</h1>
      <div className="row g-4">
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
