import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { z } from "zod";
import { CheckboxField, FormError, InputField, useForm } from "~/components/form-kit";
import { SubmitButton } from "~/components/submit-button";
import { useDates } from "~/hooks/use-dates";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiFormErrors } from "~/services/api-form-errors.server";
import { apiUnavailableReply, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { pageMeta } from "~/services/seo";
import {
  directDebitConfirmResponseSchema,
  directDebitDetailsSchema,
  directDebitLimitSchema,
  directDebitResponseSchema,
} from "../../contract/direct-debit";
import { creditsResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/direct-debit";

const key = z.string().regex(/^[\w-]{8,100}$/);

/** Step one: the mandate's details, read for the member's country, and the authorisation. */
const detailsSchema = (country: string) =>
  directDebitDetailsSchema(country).extend({
    intent: z.literal("details"),
    bundle: z.coerce.number().int().positive(),
    authorized: z.literal("on", { error: "directDebit.authorizeRequired" }),
    key,
  });

/** Step two: the code from the SMS. */
const codeSchema = z.object({
  intent: z.literal("code"),
  request: z.coerce.number().int().positive(),
  code: z
    .string({ error: "validation.required" })
    .trim()
    .regex(/^\d{6}$/, "directDebit.codeInvalid"),
  key,
});

/**
 * SEPA direct debit (docs/product.md §4: phone, SMS code, confirm). `?bundle={id}` asks for the account holder, IBAN,
 * address, mobile number and the authorisation; `?request={id}` for the code texted to that number. The right code
 * pays at once and leads to the payment's result page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const { t } = getI18n(context);
  const url = new URL(request.url);
  const requestId = url.searchParams.get("request");
  if (requestId) {
    if (!/^\d+$/.test(requestId)) throw data(null, { status: 404 });
    const { request: debit } = await callApi(call, "/directdebit.php", {
      query: { id: requestId },
      schema: directDebitResponseSchema,
    });
    if (debit.payment_id) throw redirect(`/payment/${debit.payment_id}`);
    return {
      step: "code" as const,
      debit,
      bundle: null,
      key: crypto.randomUUID(),
      constraint: getZodConstraint(codeSchema),
      title: t("directDebit.title"),
    };
  }
  const offer = await callApi(call, "/credits.php", { schema: creditsResponseSchema });
  const bundle = offer.bundles.find((b) => String(b.id) === url.searchParams.get("bundle"));
  if (!offer.direct_debit || !bundle) throw data(null, { status: 404 });
  return {
    step: "details" as const,
    debit: null,
    bundle,
    key: crypto.randomUUID(),
    constraint: getZodConstraint(detailsSchema(offer.country)),
    title: t("directDebit.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const formData = await request.formData();
  if (formData.get("intent") === "code") return confirmCode(call, formData);

  const { country } = await callApi(call, "/credits.php", { schema: creditsResponseSchema });
  const submission = parseWithZod(formData, { schema: detailsSchema(country) });
  if (submission.status !== "success") return data({ result: submission.reply(), limit: null }, { status: 400 });
  const { intent: _, key: idempotencyKey, authorized: __, ...details } = submission.value;
  try {
    const { request: debit } = await callApi(call, "/directdebit.php", {
      method: "POST",
      body: { ...details, authorized: true },
      idempotencyKey,
      schema: directDebitResponseSchema,
    });
    return redirect(`/directdebit?request=${debit.id}`);
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with what was typed.
    if (isApiUnavailable(error))
      return data({ result: apiUnavailableReply(submission), limit: null }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    const limit = error.code === "direct_debit_limit" ? directDebitLimitSchema.parse(error.data) : null;
    const { fieldErrors, formErrors } = apiFormErrors(error, {
      direct_debit_blocked: "directDebit.blocked",
      direct_debit_limit: "directDebit.limit",
      rate_limited: "directDebit.tooManyCodes",
      provider_failed: "directDebit.smsFailed",
      payments_unavailable: "checkout.unavailable",
    });
    return data({ result: submission.reply({ fieldErrors, formErrors }), limit }, { status: error.status });
  }
}

async function confirmCode(call: Parameters<typeof callApi>[0], formData: FormData) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), limit: null }, { status: 400 });
  try {
    const { payment } = await callApi(call, "/directdebit-confirm.php", {
      method: "POST",
      body: { request: submission.value.request, code: submission.value.code },
      idempotencyKey: submission.value.key,
      schema: directDebitConfirmResponseSchema,
    });
    return redirect(`/payment/${payment.id}`);
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with what was typed.
    if (isApiUnavailable(error))
      return data({ result: apiUnavailableReply(submission), limit: null }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    const { fieldErrors, formErrors } = apiFormErrors(error, { direct_debit_limit: "directDebit.limitShort" });
    return data({ result: submission.reply({ fieldErrors, formErrors }), limit: null }, { status: error.status });
  }
}

export default function DirectDebit({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{loaderData.title}</h1>
          {loaderData.step === "code" ? <CodeStep page={loaderData} /> : <DetailsStep page={loaderData} />}
        </div>
      </div>
    </main>
  );
}

type PageData = Route.ComponentProps["loaderData"];

function DetailsStep({ page: { bundle, key, constraint } }: { page: PageData }) {
  const { t, locale } = useTranslation();
  const dates = useDates();
  const root = useRootData();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<Record<string, string>>({
    id: "direct-debit",
    lastResult: actionData?.result,
    constraint,
  });
  if (!bundle) return null;
  const price = formatMoney(locale, bundle.discounted_price ?? bundle.price);
  const limit = actionData?.limit;
  return (
    <>
      <p>{t("directDebit.order", { count: bundle.credits, price })}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormError
          form={form}
          values={
            limit
              ? {
                  limit: formatMoney(locale, limit.limit),
                  date: dates.format("longDay", limit.resets_at),
                }
              : undefined
          }
        />
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="bundle" value={bundle.id} />
        <input type="hidden" name="key" value={key} />
        <InputField field={fields.holder!} label="directDebit.holder" type="text" autoComplete="name" />
        <InputField
          field={fields.iban!}
          label="directDebit.iban"
          type="text"
          autoComplete="off"
          hint={t("directDebit.ibanHint")}
        />
        <InputField field={fields.street!} label="directDebit.street" type="text" autoComplete="address-line1" />
        <div className="row g-2">
          <div className="col-5">
            <InputField field={fields.postcode!} label="directDebit.postcode" type="text" autoComplete="postal-code" />
          </div>
          <div className="col-7">
            <InputField field={fields.city!} label="directDebit.city" type="text" autoComplete="address-level2" />
          </div>
        </div>
        <InputField
          field={fields.phone!}
          label="directDebit.phone"
          type="tel"
          autoComplete="tel"
          hint={t("directDebit.phoneHint")}
        />
        <CheckboxField
          field={fields.authorized!}
          label={t("directDebit.authorize", { company: root?.company.name ?? "", price })}
        />
        <SubmitButton className="btn btn-primary w-100">{t("directDebit.sendCode")}</SubmitButton>
      </Form>
      <p className="mt-3">
        <Link to={`/credits/${bundle.id}`}>{t("directDebit.otherMethod")}</Link>
      </p>
    </>
  );
}

function CodeStep({ page: { debit, key, constraint } }: { page: PageData }) {
  const { t, locale } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<Record<string, string>>({
    id: "direct-debit-code",
    lastResult: actionData?.result,
    constraint,
  });
  if (!debit) return null;
  const price = formatMoney(locale, debit.price);
  if (debit.status === "dead")
    return (
      <p className="alert alert-danger" role="alert">
        {t("directDebit.codeExpired")} <Link to="/credits">{t("directDebit.startAgain")}</Link>
      </p>
    );
  return (
    <>
      <p>{t("directDebit.codeSent", { phone: debit.phone })}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormError form={form} />
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="request" value={debit.id} />
        <input type="hidden" name="key" value={key} />
        <InputField
          field={fields.code!}
          label="directDebit.code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <SubmitButton className="btn btn-primary w-100">
          {t("directDebit.confirm", { count: debit.credits, price })}
        </SubmitButton>
      </Form>
      <p className="mt-3 small text-body-secondary">
        {t("directDebit.noCode")} <Link to="/credits">{t("directDebit.startAgain")}</Link>
      </p>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
