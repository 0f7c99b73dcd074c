import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, redirectDocument, useActionData } from "react-router";
import { z } from "zod";
import { FormError, InputField, RadioGroup, useForm } from "~/components/form-kit";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { methodLabel } from "~/services/payment-methods";
import { pageMeta } from "~/services/seo";
import { creditsResponseSchema, paymentMethods, paymentResponseSchema } from "../../contract/payments";
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
  return {
    bundle,
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
    // The provider's checkout is no page of this app (the sandbox's is /api/…): the browser loads it as a document.
    return payment.checkout_url ? redirectDocument(payment.checkout_url) : redirect(`/payment/${payment.id}`);
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.code === "discount_not_found" || error.code === "discount_used")
      return data(
        {
          result: submission.reply({
            fieldErrors: {
              discountcode: [error.code === "discount_used" ? "checkout.codeUsed" : "checkout.codeNotFound"],
            },
          }),
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
  const { bundle, discount } = loaderData;
  const [form, fields] = useForm<{ method: string; discountcode: string; key: string }>({
    id: "checkout",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { method: loaderData.method ?? loaderData.methods[0], key: loaderData.key },
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
              {bundle.discounted_price ? (
                <>
                  <del className="text-body-secondary me-2">{formatMoney(locale, bundle.price)}</del>
                  {formatMoney(locale, bundle.discounted_price)}
                </>
              ) : (
                formatMoney(locale, bundle.price)
              )}
            </dd>
            {discount && bundle.discounted_price && (
              <dd className="col-12 small text-success-emphasis mb-0">
                {t("checkout.discount", { code: discount.code, percentage: discount.value_percentage })}
              </dd>
            )}
          </dl>
          <Form method="post" {...getFormProps(form)}>
            <FormError form={form} />
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
                price: formatMoney(locale, bundle.discounted_price ?? bundle.price),
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
