import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/translator";
import type { Route } from "./+types/login";
import { loginFormSchema, okResponseSchema } from "../../contract/user";
import { SignupLink } from "../components/signup-modal";
import type { RouteHandle } from "../root";
import { ApiCallError, callApi, type CallContext } from "../services/api.server";
import { loginAuthenticator, requireVisitor, safeRedirect } from "../services/auth.server";
import { setFlash } from "../services/flash.server";
import { getI18n } from "../services/i18n.server";
import { pageMeta } from "../services/seo";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  // The link in the deletion mail (SPEC §4) opens a form: following a link changes nothing by itself.
  const reactivateToken = new URL(request.url).searchParams.get("reactivate");
  const constraint = getZodConstraint(loginFormSchema);
  if (reactivateToken) return { title: t("deletion.reactivateTitle"), reactivateToken, constraint };
  await requireVisitor({ request, context });
  return { title: t("login.title"), reactivateToken: null, constraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  if (formData.get("intent") === "reactivate") return reactivate({ request, context }, String(formData.get("token") ?? ""));
  const submission = parseWithZod(formData, { schema: loginFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), minutes: 0 }, { status: 400 });
  }
  try {
    const { user, reactivated } = await loginAuthenticator({ context }).authenticate("form", request);
    // A pending deletion undone by logging in gets its own message (SPEC §8).
    const flash = reactivated
      ? { message: "deletion.reactivated" }
      : { message: "flash.welcome", values: { name: user.profile.name } };
    // Members land on the members area, or back on the page that sent them to login.
    return redirect(safeRedirect(submission.value.redirectTo, "/members"), { headers: { "Set-Cookie": await setFlash(request, flash) } });
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    // SPEC §8: the failed and blocked messages; a per-IP limit reads like a block without minutes.
    const key =
      error.code === "account_blocked" ? "login.blocked" : error.code === "rate_limited" ? "login.rateLimited" : "login.failed";
    const minutes = typeof error.data.minutes === "number" ? error.data.minutes : 0;
    return data({ result: submission.reply({ formErrors: [key], hideFields: ["password"] }), minutes }, { status: 400 });
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
    return redirect("/login", { headers: { "Set-Cookie": await setFlash(call.request, { message: "reset.linkInvalid", tone: "danger" }) } });
  }
  return redirect("/login", { headers: { "Set-Cookie": await setFlash(call.request, { message: "deletion.reactivatedLogIn" }) } });
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return loaderData.reactivateToken ? <ReactivateForm token={loaderData.reactivateToken} /> : <Login constraint={loaderData.constraint} />;
}

function ReactivateForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-sm-10 col-md-7 col-lg-5">
          <h1 className="h3 mb-3">{t("deletion.reactivateTitle")}</h1>
          <p>{t("deletion.reactivateLead")}</p>
          <Form method="post" action="/login">
            <input type="hidden" name="intent" value="reactivate" />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === "submitting"}>
              {t("deletion.reactivateButton")}
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}

function Login({ constraint }: { constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof loginFormSchema>>({
    id: "login",
    lastResult: actionData?.result,
    // The server validates; the schema's HTML constraints come with the page, so the browser needs no zod.
    constraint,
  });
  const fieldError = (errors: string[] | undefined) => (errors?.[0] ? t(errors[0]) : null);
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-sm-10 col-md-7 col-lg-5">
          <h1 className="h3 mb-4">{t("login.title")}</h1>
          <Form method="post" {...getFormProps(form)} className="card card-body shadow-sm">
            {form.errors?.length ? (
              <div className="alert alert-danger" role="alert" id={form.errorId}>
                {t(form.errors[0]!, { count: actionData?.minutes })}
              </div>
            ) : null}
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
            <div className="mb-3">
              <label htmlFor={fields.email.id} className="form-label">{t("login.email")}</label>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                className={`form-control${fields.email.errors ? " is-invalid" : ""}`}
                autoComplete="email"
                autoFocus
              />
              {fields.email.errors && <div id={fields.email.errorId} className="invalid-feedback">{fieldError(fields.email.errors)}</div>}
            </div>
            <div className="mb-3">
              <label htmlFor={fields.password.id} className="form-label">{t("login.password")}</label>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                className={`form-control${fields.password.errors ? " is-invalid" : ""}`}
                autoComplete="current-password"
              />
              {fields.password.errors && <div id={fields.password.errorId} className="invalid-feedback">{fieldError(fields.password.errors)}</div>}
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled={navigation.state === "submitting"}>
              {t("login.submit")}
            </button>
            <p className="mt-3 mb-0 text-center small">
              <Link to="/reset-password">{t("login.forgot")}</Link>
            </p>
          </Form>
          <p className="mt-3 text-center">
            {t("login.noAccount")} <SignupLink>{t("login.signup")}</SignupLink>
          </p>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
