import { Form, Link, useActionData } from "react-router";
import { AdminField } from "~/components/admin-field";
import { FormMessage } from "~/components/reports/report-fields";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import {
  createDiscountCode,
  disableDiscountCode,
  loadDiscountCodes,
  loadDiscountUses,
  refusedForm,
} from "~/services/admin-settings.server";
import { formatDate } from "~/services/dates";
import { redirectWithFlash } from "~/services/flash.server";
import { formatMoney } from "~/services/money";
import { requireAdmin } from "~/services/staff.server";
import type { AdminDiscountCode } from "../../contract/admin-settings";
import type { Route } from "./+types/admin-discounts";

/*
 * Discount codes for everyone on the site (issue 33, docs/product.md §3.8 and §6.9): made with a percentage, a limit
 * of uses and an expiry; listed with their uses; `?id=<code>` shows who used one (members and payments); disabled.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (!(await requireAdmin(call)).verified) return null;
  const id = Number(new URL(request.url).searchParams.get("id"));
  const [{ codes }, uses] = await Promise.all([
    loadDiscountCodes(call),
    Number.isInteger(id) && id > 0 ? loadDiscountUses(call, id).catch(() => null) : null,
  ]);
  return { codes, uses };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireAdmin(call);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  try {
    if (intent === "create") {
      const { code } = await createDiscountCode(call, form);
      return redirectWithFlash(request, "/admin/discounts", {
        message: "admin.discounts.created",
        values: { code: code.code },
        tone: "success",
      });
    }
    await disableDiscountCode(call, Number(form.get("id")));
  } catch (error) {
    return refusedForm(error, form);
  }
  return redirectWithFlash(request, "/admin/discounts", { message: "admin.discounts.disabledSaved", tone: "success" });
}

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const answer = useActionData<typeof action>();
  if (!loaderData) return null;
  const { codes, uses } = loaderData;
  const refused = answer && "errors" in answer ? answer : null;
  return (
    <section aria-labelledby="discounts-title">
      <h2 id="discounts-title" className="h5">
        {t("admin.discounts.title")}
      </h2>
      <p>{t("admin.discounts.intro")}</p>
      {/* The API unavailable (docs/product.md §7.3): "try again", whichever form of the page was sent. */}
      <FormMessage refusal={refused ? { fields: refused.errors, values: refused.typed } : undefined} />
      <CreateForm refused={refused} />
      {codes.length === 0 ? (
        <p>{t("admin.discounts.none")}</p>
      ) : (
        <div className="admin-table-scroll mb-4">
          <table className="table table-sm align-middle">
            <caption className="admin-caption">{t("admin.discounts.listTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.discounts.code")}</th>
                <th scope="col">{t("admin.discounts.percentage")}</th>
                <th scope="col">{t("admin.discounts.uses")}</th>
                <th scope="col">{t("admin.discounts.expires")}</th>
                <th scope="col">{t("admin.discounts.state")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("admin.discounts.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <CodeRow key={code.id} code={code} locale={locale} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {uses && (
        <section aria-labelledby="uses-title">
          <h3 id="uses-title" className="h6">
            {t("admin.discounts.usesTitle", { code: uses.code.code })}
          </h3>
          {uses.payments.length === 0 ? (
            <p>{t("admin.discounts.noUses")}</p>
          ) : (
            <div className="admin-table-scroll">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">{t("admin.discounts.member")}</th>
                    <th scope="col">{t("admin.discounts.payment")}</th>
                    <th scope="col">{t("admin.discounts.amount")}</th>
                    <th scope="col">{t("admin.discounts.paymentState")}</th>
                    <th scope="col">{t("admin.discounts.date")}</th>
                  </tr>
                </thead>
                <tbody>
                  {uses.payments.map((payment) => (
                    <tr key={payment.id}>
                      <td className="text-break">
                        {payment.member_name ?? ""} ({payment.email}, #{payment.member_id})
                      </td>
                      <td>#{payment.id}</td>
                      <td>{formatMoney(locale, { cents: payment.amount_cents, currency: payment.currency })}</td>
                      <td>{payment.status}</td>
                      <td>{formatDate(locale, "moment", payment.paid_at ?? payment.created_at, "UTC")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </section>
  );
}

function CodeRow({ code, locale }: { code: AdminDiscountCode; locale: string }) {
  const { t } = useTranslation();
  const expired = code.expires !== null && code.expires <= new Date().toISOString();
  const state = code.disabled_at
    ? t("admin.discounts.disabled")
    : expired
      ? t("admin.discounts.expired")
      : t("admin.discounts.active");
  return (
    <tr>
      <td className="font-monospace">{code.code}</td>
      <td>{code.value_percentage} %</td>
      <td>{code.max_uses === null ? code.uses : `${code.uses} / ${code.max_uses}`}</td>
      <td>{code.expires ? formatDate(locale, "day", code.expires, "UTC") : t("admin.discounts.never")}</td>
      <td>{state}</td>
      <td className="admin-nowrap">
        <Link
          to={`/admin/discounts?id=${code.id}`}
          className="btn btn-sm btn-outline-dark me-2"
          aria-label={`${t("admin.discounts.whoUsed")}: ${code.code}`}
        >
          {t("admin.discounts.whoUsed")}
        </Link>
        {!code.disabled_at && (
          <Form method="post" className="d-inline">
            <input type="hidden" name="intent" value="disable" />
            <input type="hidden" name="id" value={code.id} />
            <SubmitButton
              className="btn btn-sm btn-outline-danger"
              aria-label={`${t("admin.discounts.disable")}: ${code.code}`}
            >
              {t("admin.discounts.disable")}
            </SubmitButton>
          </Form>
        )}
      </td>
    </tr>
  );
}

function CreateForm({
  refused,
}: {
  refused: { errors: Record<string, string>; typed: Record<string, string> } | null;
}) {
  const { t } = useTranslation();
  const typed = (name: string) => refused?.typed[name] ?? "";
  const error = (name: string) => refused?.errors[name];
  return (
    <Form method="post" className="border rounded p-3 mb-4" aria-labelledby="create-title">
      <h3 id="create-title" className="h6">
        {t("admin.discounts.createTitle")}
      </h3>
      <input type="hidden" name="intent" value="create" />
      <div className="row g-2">
        <AdminField
          className="col-12 col-md-4"
          name="code"
          label={t("admin.discounts.code")}
          value={typed("code")}
          error={error("code")}
          hint={t("admin.discounts.codeHint")}
        />
        <AdminField
          className="col-6 col-md-4"
          name="value_percentage"
          label={t("admin.discounts.percentage")}
          value={typed("value_percentage")}
          error={error("value_percentage")}
          inputMode="numeric"
        />
        <AdminField
          className="col-6 col-md-4"
          name="max_uses"
          label={t("admin.discounts.maxUses")}
          value={typed("max_uses")}
          error={error("max_uses")}
          inputMode="numeric"
          hint={t("admin.discounts.emptyNoLimit")}
        />
        <AdminField
          className="col-6 col-md-4"
          name="expires"
          type="date"
          label={t("admin.discounts.expires")}
          value={typed("expires")}
          error={error("expires")}
          hint={t("admin.discounts.emptyNever")}
        />
        <AdminField
          className="col-6 col-md-4"
          name="country"
          label={t("admin.discounts.country")}
          value={typed("country")}
          error={error("country")}
          hint={t("admin.discounts.emptyAny")}
        />
        <AdminField
          className="col-6 col-md-4"
          name="currency"
          label={t("admin.discounts.currency")}
          value={typed("currency")}
          error={error("currency")}
          hint={t("admin.discounts.emptyAny")}
        />
        <AdminField
          className="col-6 col-md-4"
          name="minimum_order_value"
          label={t("admin.discounts.minimum")}
          value={typed("minimum_order_value")}
          error={error("minimum_order_value")}
          inputMode="decimal"
        />
      </div>
      <SubmitButton className="btn btn-primary mt-2">{t("admin.discounts.create")}</SubmitButton>
    </Form>
  );
}
