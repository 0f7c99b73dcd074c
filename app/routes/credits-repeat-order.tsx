import { data, Form, Link, redirect, redirectDocument, useActionData } from "react-router";
import { z } from "zod";
import { useDates } from "~/hooks/use-dates";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { methodLabel } from "~/services/payment-methods";
import { pageMeta } from "~/services/seo";
import { paymentMethods, paymentResponseSchema, repeatOrdersResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/credits-repeat-order";

/** One button per earlier order: its bundle and method, and the key that makes a double click one payment. */
const repeatSchema = z.object({
  bundle: z.coerce.number().int().positive(),
  method: z.enum(paymentMethods),
  key: z.string().regex(/^[\w-]{8,100}$/),
});

/** The repeat-order list (docs/product.md §2): earlier orders at today's price, each bought again in one step. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const repeat = await callApi(call, "/repeat-orders.php", { schema: repeatOrdersResponseSchema });
  return { ...repeat, key: crypto.randomUUID(), title: getI18n(context).t("repeatOrder.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const parsed = repeatSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const { bundle, method, key } = parsed.data;
  try {
    const { payment } = await callApi(call, "/payment.php", {
      method: "POST",
      body: { bundle, method },
      idempotencyKey: key,
      schema: paymentResponseSchema,
    });
    // The provider's page is not one of ours: the browser loads it as a document, with scripts or without.
    return payment.checkout_url ? redirectDocument(payment.checkout_url) : redirect(`/payment/${payment.id}`);
  } catch (error) {
    // docs/product.md §7.3: the same choice again with "try again".
    if (isApiUnavailable(error)) return data({ bundle, method, message: apiUnavailableMessage }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    const message =
      error.code === "payments_unavailable"
        ? ("checkout.unavailable" as const)
        : error.code === "discount_used"
          ? ("checkout.codeHeld" as const)
          : ("checkout.providerFailed" as const);
    return data({ bundle, method, message }, { status: error.status });
  }
}

export default function RepeatOrder({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const failed = useActionData<typeof action>();
  const dates = useDates();
  const { orders, discount } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      {discount && (
        <p className="alert alert-success" role="status">
          {t("credits.discountApplied", { code: discount.code, percentage: discount.value_percentage })}
        </p>
      )}
      {orders.length === 0 && (
        <p>
          {t("repeatOrder.none")} <Link to="/credits">{t("credits.title")}</Link>
        </p>
      )}
      <ul className="list-unstyled row g-3">
        {orders.map(({ bundle, method, last_paid_at }) => {
          const price = bundle.discounted_price ?? bundle.price;
          const id = `${bundle.id}-${method}`;
          return (
            <li key={id} className="col-12 col-md-6">
              <Form method="post" className="card h-100">
                <div className="card-body">
                  <h2 className="h5 card-title">{t("credits.amount", { count: bundle.credits })}</h2>
                  <p className="mb-1">
                    {bundle.discounted_price && (
                      <del className="text-body-secondary me-2">{formatMoney(locale, bundle.price)}</del>
                    )}
                    {formatMoney(locale, price)} · {methodLabel(t, method)}
                  </p>
                  <p className="small text-body-secondary">
                    {t("repeatOrder.last", { date: dates.format("day", last_paid_at) })}
                  </p>
                  {failed?.bundle === bundle.id && failed.method === method && (
                    <p className="alert alert-danger py-2" role="alert">
                      {t(failed.message)}
                    </p>
                  )}
                  <input type="hidden" name="bundle" value={bundle.id} />
                  <input type="hidden" name="method" value={method} />
                  <input type="hidden" name="key" value={`${loaderData.key}-${id}`} />
                  <button type="submit" className="btn btn-primary">
                    {t("repeatOrder.submit", { price: formatMoney(locale, price) })}
                  </button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
      <p>
        <Link to="/credits">{t("repeatOrder.other")}</Link>
      </p>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
