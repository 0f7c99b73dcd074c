import { data, Form, Link, useActionData } from "react-router";
import { z } from "zod";
import { useDates } from "~/hooks/use-dates";
import { useTranslation } from "~/i18n/translator";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableMessage, apiUnavailableStatus, isApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { formatMoney } from "~/services/money";
import { pageMeta } from "~/services/seo";
import { returnResponseSchema, returnsResponseSchema } from "../../contract/payments";
import type { Route } from "./+types/credits-returns";

/** One button per purchase: which one, and the key that makes a double click one return. */
const returnSchema = z.object({
  payment: z.coerce.number().int().positive(),
  key: z.string().regex(/^[\w-]{8,100}$/),
});

/**
 * Returns (docs/product.md §1.3): the purchases whose unused credits can go back now, for how much and until when,
 * each returned with one button; and the returns made, with their state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const returns = await callApi(call, "/returns.php", { schema: returnsResponseSchema });
  return { ...returns, key: crypto.randomUUID(), title: getI18n(context).t("returns.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const parsed = returnSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const { payment, key } = parsed.data;
  try {
    const { refund } = await callApi(call, "/return.php", {
      method: "POST",
      body: { payment },
      idempotencyKey: key,
      schema: returnResponseSchema,
    });
    const locale = getI18n(context).language;
    return redirectWithFlash(request, "/credits/returns", {
      message: refund.status === "refunded" ? "returns.done" : "returns.processing",
      values: { count: refund.credits, amount: formatMoney(locale, refund.amount) },
    });
  } catch (error) {
    // docs/product.md §7.3: the same payment again with "try again".
    if (isApiUnavailable(error)) return data({ payment, message: apiUnavailableMessage }, apiUnavailableStatus);
    if (!(error instanceof ApiCallError)) throw error;
    const message =
      error.code === "not_returnable" || error.code === "already_returned"
        ? ("returns.notReturnable" as const)
        : ("returns.providerFailed" as const);
    return data({ payment, message }, { status: error.status });
  }
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const failed = useActionData<typeof action>();
  const dates = useDates();
  const { returnable, refunds } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h3 mb-1">{loaderData.title}</h1>
      <p className="text-body-secondary">
        {t("returns.intro", { count: loaderData.refund_days })}{" "}
        <Link to="/pages/return-policy">{t("credits.returns")}</Link>
      </p>
      {returnable.length === 0 && <p>{t("returns.none")}</p>}
      <ul className="list-unstyled row g-3">
        {returnable.map(({ payment, unused_credits, refund, until }) => (
          <li key={payment.id} className="col-12 col-md-6">
            <Form method="post" className="card h-100">
              <div className="card-body">
                <h2 className="h5 card-title">
                  {t("returns.purchase", {
                    count: payment.credits,
                    date: dates.format("day", payment.paid_at ?? payment.created_at),
                  })}
                </h2>
                <p className="mb-1">{t("returns.paid", { amount: formatMoney(locale, payment.price) })}</p>
                <p className="mb-1">{t("returns.unused", { count: unused_credits })}</p>
                <p className="small text-body-secondary">{t("returns.until", { date: dates.format("day", until) })}</p>
                {failed?.payment === payment.id && (
                  <p className="alert alert-danger py-2" role="alert">
                    {t(failed.message)}
                  </p>
                )}
                <input type="hidden" name="payment" value={payment.id} />
                <input type="hidden" name="key" value={`${loaderData.key}-${payment.id}`} />
                <button type="submit" className="btn btn-outline-primary">
                  {t("returns.submit", { count: unused_credits, amount: formatMoney(locale, refund) })}
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
      {refunds.length > 0 && (
        <>
          <h2 className="h5 mt-4">{t("returns.made")}</h2>
          <table className="table align-middle">
            <thead>
              <tr>
                <th scope="col">{t("transactions.date")}</th>
                <th scope="col">{t("transactions.credits")}</th>
                <th scope="col">{t("returns.amount")}</th>
                <th scope="col">{t("returns.state")}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{dates.format("day", refund.created_at)}</td>
                  <td>{t("credits.amount", { count: refund.credits })}</td>
                  <td>{formatMoney(locale, refund.amount)}</td>
                  <td>{t(`returns.states.${refund.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p>
        <Link to="/transactions">{t("transactions.title")}</Link> · <Link to="/credits">{t("credits.title")}</Link>
      </p>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
