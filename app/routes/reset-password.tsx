import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import type { z } from "zod";
import { FormError, InputField, useForm } from "~/components/form-kit";
import { NarrowPage } from "~/components/narrow-page";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableReply, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { emailRequestSchema } from "../../contract/account";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/reset-password";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("reset.title"), constraint: getZodConstraint(emailRequestSchema) };
}

/** Mails a link to choose a new password; an unknown address and too many mails are said at the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: emailRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await callApi({ request, context }, "/password-reset.php", {
      method: "POST",
      body: submission.value,
      schema: okResponseSchema,
    });
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with what was typed.
    if (isApiUnavailable(error)) return data({ result: apiUnavailableReply(submission) }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    if (error.code === "email_not_found")
      return data({ result: submission.reply({ fieldErrors: { email: ["reset.emailNotFound"] } }) }, { status: 400 });
    const message =
      error.code === "too_many_resets" || error.code === "rate_limited" ? "reset.tooMany" : "errors.generic";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  return redirectWithFlash(request, "/login", { message: "reset.sent", values: { email: submission.value.email } });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof emailRequestSchema>>({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  return (
    <NarrowPage title={loaderData.title}>
      <p>{t("reset.lead")}</p>
      <Form method="post" {...getFormProps(form)} className="card card-body shadow-sm">
        <FormError form={form} />
        <InputField field={fields.email} label="login.email" type="email" autoComplete="email" />
        <SubmitButton className="btn btn-primary w-100">{t("reset.send")}</SubmitButton>
      </Form>
    </NarrowPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
