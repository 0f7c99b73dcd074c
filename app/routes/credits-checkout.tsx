import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, redirectDocument, useActionData } from "react-router";
import { z } from "zod";
import { FormError, InputField, RadioGroup, useForm } from "~/components/form-kit";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableReply, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { codeFromAddress } from "~/services/discount-code.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { methodLabel } from "~/services/payment-methods";
import { pageMeta } from "~/services/seo";
import { creditsResponseSchema, discountedCents, paymentMethods, paymentResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/credits-checkout";

/** The order form: a method of the member's country, an optional code, and the key that makes it one order. */
const checkoutSchema = z.object({
  method: z.enum(paymentMethods, { error: "checkout.chooseMethod" }),
  discountcode: z.string().trim().max(40, "validation.tooLong").optional(),
  key: z.string().regex(/^[\w-]{8,100}$/),
});

/**
 * The order overview and payment method page (docs/product.md §2): bundle {id}, its price with any discount, the
 * methods of the member's country (the one in the URL chosen), a discount code field; then off to the provider.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const offer = await callApi(call, "/credits.php", { schema: creditsResponseSchema });
  const bundle = offer.bundles.find((b) => String(b.id) === params.id);
  if (!bundle) throw data(null, { status: 404 });
  const method = offer.methods.find((m) => m === params.paymentmethod) ?? null;
  if (params.paymentmethod && !method) throw data(null, { status: 404 });
  // A code the credits page handed on (`?code=`): filled in, and its price shown when it applies to this bundle.
  const code = await codeFromAddress(call, { bundle: bundle.id, method });
  return {
    bundle,
    code,
    methods: offer.methods,
    directDebit: offer.direct_debit,
    method,
    discount: offer.discount,
    // One key per visit of this page: a double submit starts one payment; coming back starts a new one.
    key: crypto.randomUUID(),
    constraint: getZodConstraint(checkoutSchema),
    title: getI18n(context).t("checkout.title"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const submission = parseWithZod(await request.formData(), { schema: checkoutSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { method, discountcode, key } = submission.value;
  try {
    const { payment } = await callApi(call, "/payment.php", {
      method: "POST",
      body: { bundle: Number(params.id), method, discountcode: discountcode || undefined },
      idempotencyKey: key,
      schema: paymentResponseSchema,
    });
    // The provider's page is not one of ours: the browser loads it as a document, with scripts or without.
    return payment.checkout_url ? redirectDocument(payment.checkout_url) : redirect(`/payment/${payment.id}`);
  } catch (error) {
    // docs/product.md §7.3: an outage answers the form again with what was typed.
    if (isApiUnavailable(error))
      return data({ result: apiUnavailableReply(submission), heldBy: null }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    // A code this member's unfinished payment holds: said with the way to that payment (docs/product.md §3.8).
    const held = error.code === "discount_used" ? error.data.payment : null;
    const heldBy = typeof held === "number" ? held : null;
    if (error.code === "discount_not_found" || error.code === "discount_used")
      return data(
        {
          result: submission.reply({
            formErrors: heldBy ? ["checkout.codeHeld"] : undefined,
            fieldErrors: discountcode
              ? { discountcode: [error.code === "discount_used" ? "checkout.codeUsed" : "checkout.codeNotFound"] }
              : undefined,
          }),
          heldBy,
        },
        { status: 400 },
      );
    const message = error.code === "payments_unavailable" ? "checkout.unavailable" : "checkout.providerFailed";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 502 });
  }
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { bundle, discount, code } = loaderData;
  const heldBy = actionData && "heldBy" in actionData ? Number(actionData.heldBy) || null : null;
  // The price to pay: with the code the link carried if it applies, else with the time bonus if it runs.
  const codePrice = code?.percentage
    ? { cents: discountedCents(bundle.price.cents, code.percentage), currency: bundle.price.currency }
    : null;
  const price = codePrice ?? bundle.discounted_price;
  const [form, fields] = useForm<{ method: string; discountcode: string; key: string }>({
    id: "checkout",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { method: loaderData.method ?? loaderData.methods[0], key: loaderData.key, discountcode: code?.code },
  });
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{loaderData.title}</h1>
          <dl className="row border rounded p-3 mx-0">
            <dt className="col-6">{t("checkout.bundle")}</dt>
            <dd className="col-6 text-end">{t("credits.amount", { count: bundle.credits })}</dd>
            <dt className="col-6">{t("checkout.price")}</dt>
            <dd className="col-6 text-end">
              {price ? (
                <>
                  <del className="text-body-secondary me-2">{formatMoney(locale, bundle.price)}</del>
                  {formatMoney(locale, price)}
                </>
              ) : (
                formatMoney(locale, bundle.price)
              )}
            </dd>
            {code?.percentage ? (
              <dd className="col-12 small text-success-emphasis mb-0">
                {t("checkout.discount", { code: code.code, percentage: code.percentage })}
              </dd>
            ) : (
              discount &&
              bundle.discounted_price && (
                <dd className="col-12 small text-success-emphasis mb-0">
                  {t("checkout.discount", { code: discount.code, percentage: discount.value_percentage })}
                </dd>
              )
            )}
          </dl>
          {code?.error && (
            <p className="alert alert-warning" role="status">
              <strong>{code.code}</strong>: {t(code.error)}
            </p>
          )}
          <Form method="post" {...getFormProps(form)}>
            <FormError form={form}>
              {heldBy && <Link to={`/payment/${heldBy}`}>{t("checkout.heldPayment")}</Link>}
            </FormError>
            <input type="hidden" name={fields.key.name} value={loaderData.key} />
            <RadioGroup
              field={fields.method}
              legend={t("checkout.method")}
              options={loaderData.methods.map((m) => ({ value: m, label: methodLabel(t, m) }))}
            />
            <InputField field={fields.discountcode} label="checkout.code" type="text" autoComplete="off" />
            <p className="small text-body-secondary">{t("checkout.oneTime")}</p>
            <SubmitButton className="btn btn-primary w-100">
              {t("checkout.pay", {
                price: formatMoney(locale, price ?? bundle.price),
              })}
            </SubmitButton>
          </Form>
          {loaderData.directDebit && (
            <p className="mt-3">
              <Link to={`/directdebit?bundle=${bundle.id}`} className="btn btn-outline-primary w-100">
                {t("directDebit.payByDirectDebit")}
              </Link>
            </p>
          )}
          <p className="mt-3">
            <Link to="/credits">{t("checkout.otherBundle")}</Link>
          </p>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
