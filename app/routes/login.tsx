import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import type { z } from "zod";
import { FormError, InputField, useForm } from "~/components/form-kit";
import { NarrowPage } from "~/components/narrow-page";
import { SignupLink } from "~/components/signup-modal";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { ApiCallError, type CallContext, callApi } from "~/services/api.server";
import { apiUnavailableReply, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { loginAuthenticator, requireVisitor, safeRedirect } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { loginFormSchema, okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  // The link in the deletion mail (docs/product.md §4) opens a form: following a link changes nothing by itself.
  const reactivateToken = new URL(request.url).searchParams.get("reactivate");
  const constraint = getZodConstraint(loginFormSchema);
  if (reactivateToken) return { title: t("deletion.reactivateTitle"), reactivateToken, constraint };
  await requireVisitor({ request, context });
  return { title: t("login.title"), reactivateToken: null, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  if (formData.get("intent") === "reactivate")
    return reactivate({ request, context }, String(formData.get("token") ?? ""));
  const submission = parseWithZod(formData, { schema: loginFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), minutes: 0, reason: "" }, { status: 400 });
  }
  try {
    const { user, reactivated } = await loginAuthenticator({ context }).authenticate("form", request);
    // A pending deletion undone by logging in gets its own message (docs/product.md §8).
    const flash = reactivated
      ? { message: "deletion.reactivated" }
      : { message: "flash.welcome", values: { name: user.profile.name } };
    // Members land on the members area, or back on the page that sent them to login.
    return redirectWithFlash(request, safeRedirect(submission.value.redirectTo, "/members"), flash);
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with the e-mail address typed.
    if (isApiUnavailable(error))
      return data(
        { result: apiUnavailableReply(submission, ["password"]), minutes: 0, reason: "" },
        apiUnavailableStatus,
      );
    if (!(error instanceof ApiCallError)) throw error;
    // docs/product.md §8: the failed and blocked messages; a per-IP limit reads like a block without minutes; a
    // moderator's suspension or ban points to the mail with its reasons (§6.8).
    const key =
      (
        {
          account_blocked: "login.blocked",
          rate_limited: "login.rateLimited",
          account_suspended: "login.suspended",
          account_banned: "login.banned",
        } as Record<string, string>
      )[error.code] ?? "login.failed";
    const minutes = typeof error.data.minutes === "number" ? error.data.minutes : 0;
    // The words staff wrote to the member with the suspension or ban, when there are some (issue 33).
    const reason = typeof error.data.reason === "string" ? error.data.reason : "";
    return data(
      { result: submission.reply({ formErrors: [key], hideFields: ["password"] }), minutes, reason },
      { status: 400 },
    );
  }
}

/**
 * Reactivates an account pending deletion within its 14 days, then asks the member to log in: the link starts no
 * session, so it can never swap the browser's session for another account's.
 */
async function reactivate(call: CallContext, token: string) {
  try {
    await callApi(call, "/reactivate.php", { method: "POST", body: { token }, schema: okResponseSchema });
  } catch (error) {
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    return redirectWithFlash(call.request, "/login", { message: "reset.linkInvalid", tone: "danger" });
  }
  return redirectWithFlash(call.request, "/login", { message: "deletion.reactivatedLogIn" });
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return loaderData.reactivateToken ? (
    <ReactivateForm token={loaderData.reactivateToken} />
  ) : (
    <Login constraint={loaderData.constraint} />
  );
}

function ReactivateForm({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <NarrowPage title={t("deletion.reactivateTitle")}>
      <p>{t("deletion.reactivateLead")}</p>
      <Form method="post" action="/login">
        <input type="hidden" name="intent" value="reactivate" />
        <input type="hidden" name="token" value={token} />
        <SubmitButton className="btn btn-primary w-100">{t("deletion.reactivateButton")}</SubmitButton>
      </Form>
    </NarrowPage>
  );
}

function Login({ constraint }: { constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<z.input<typeof loginFormSchema>>({
    id: "login",
    lastResult: actionData?.result,
    constraint,
  });
  return (
    <NarrowPage title={t("login.title")}>
      <Form method="post" {...getFormProps(form)} className="card card-body shadow-sm">
        <FormError form={form} values={{ count: actionData?.minutes }}>
          {actionData?.reason ? t("admin.members.loginReason", { reason: actionData.reason }) : null}
        </FormError>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <InputField field={fields.email} label="login.email" type="email" autoComplete="email" autoFocus />
        <InputField field={fields.password} label="login.password" type="password" autoComplete="current-password" />
        <SubmitButton className="btn btn-primary w-100">{t("login.submit")}</SubmitButton>
        <p className="mt-3 mb-0 text-center small">
          <Link to="/reset-password">{t("login.forgot")}</Link>
        </p>
      </Form>
      <p className="mt-3 text-center">
        {t("login.noAccount")} <SignupLink>{t("login.signup")}</SignupLink>
      </p>
    </NarrowPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
