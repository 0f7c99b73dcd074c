import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import type { z } from "zod";
import { FormError, InputField, useForm } from "~/components/form-kit";
import { NarrowPage } from "~/components/narrow-page";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import type { RouteHandle } from "~/root";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiFormErrors } from "~/services/api-form-errors.server";
import { apiUnavailableReply, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { newPasswordTwiceSchema } from "../../contract/account";
import { okResponseSchema } from "../../contract/user";
import type { Route } from "./+types/reset-password-do";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    token: new URL(request.url).searchParams.get("token") ?? "",
    title: getI18n(context).t("reset.newTitle"),
    constraint: getZodConstraint(newPasswordTwiceSchema),
  };
}

/** Sets the new password from the mailed link; a used or expired link says so (docs/product.md §8). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: newPasswordTwiceSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password", "password_confirm"] }) }, { status: 400 });
  try {
    await callApi({ request, context }, "/password-reset.php", {
      method: "PUT",
      body: { token: String(formData.get("token") ?? ""), password: submission.value.password },
      schema: okResponseSchema,
    });
  } catch (error) {
    if (isApiUnavailable(error))
      return data({ result: apiUnavailableReply(submission, ["password", "password_confirm"]) }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    // A weak password is said at its field; anything else means the link is used up.
    const { fieldErrors } = apiFormErrors(error);
    const errors = fieldErrors.password ? { fieldErrors } : { formErrors: ["reset.linkInvalid"] };
    return data(
      { result: submission.reply({ ...errors, hideFields: ["password", "password_confirm"] }) },
      { status: 400 },
    );
  }
  return redirectWithFlash(request, "/login", { message: "reset.done" });
}

export default function ResetPasswordDo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof newPasswordTwiceSchema>>({
    id: "reset-password-do",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  const linkInvalid = form.errors?.includes("reset.linkInvalid") || !loaderData.token;
  return (
    <NarrowPage title={loaderData.title}>
      {linkInvalid && (
        <div className="alert alert-danger" role="alert" id={form.errorId}>
          {/* docs/product.md §8.2: the spec's sentence as it stands, then the way to a new mail. */}
          <p className="mb-2">{t("reset.linkInvalid")}</p>
          <Link to="/reset-password" className="alert-link">
            {t("reset.requestNewMail")}
          </Link>
        </div>
      )}
      <Form method="post" {...getFormProps(form)} className="card card-body shadow-sm">
        {!linkInvalid && <FormError form={form} />}
        <input type="hidden" name="token" value={loaderData.token} />
        <InputField
          field={fields.password}
          label="reset.newPassword"
          type="password"
          autoComplete="new-password"
          hint={t("signup.passwordHint")}
        />
        <InputField
          field={fields.password_confirm}
          label="reset.confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton className="btn btn-primary w-100">{t("reset.save")}</SubmitButton>
      </Form>
    </NarrowPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
