import { Form, Link, useActionData } from "react-router";
import { AdminField } from "~/components/admin-field";
import { FormMessage } from "~/components/reports/report-fields";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { addBundle, editBundle, loadBundles, refusedForm, retireBundle } from "~/services/admin-settings.server";
import { redirectWithFlash } from "~/services/flash.server";
import { formatMoney } from "~/services/money";
import { requireAdmin } from "~/services/staff.server";
import type { AdminBundle } from "../../contract/admin-settings";
import type { Route } from "./+types/admin-bundles";

/*
 * Credit bundles and their prices per currency (issue 33, docs/product.md §6.9): listed with how many payments name
 * each, added, edited (`?edit=<id>` opens the form), retired and put back on sale. Never deleted: payments name them.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (!(await requireAdmin(call)).verified) return null;
  const { bundles } = await loadBundles(call);
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  return { bundles, editing: bundles.find((b) => b.id === editId) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireAdmin(call);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  try {
    if (intent === "add") await addBundle(call, form);
    else if (intent === "edit") await editBundle(call, form);
    else await retireBundle(call, form);
  } catch (error) {
    return refusedForm(error, form);
  }
  const message =
    intent === "add" ? "admin.bundles.added" : intent === "edit" ? "admin.bundles.saved" : "admin.bundles.retiredSaved";
  return redirectWithFlash(request, "/admin/bundles", { message, tone: "success" });
}

const priceText = (cents: number) => (cents / 100).toFixed(2);

export default function AdminBundles({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const answer = useActionData<typeof action>();
  if (!loaderData) return null;
  const { bundles, editing } = loaderData;
  const refused = answer && "errors" in answer ? answer : null;
  const errorsOf = (intent: string) => (refused?.intent === intent ? refused : null);
  const currencies = [...new Set(bundles.map((b) => b.currency))];
  return (
    <section aria-labelledby="bundles-title">
      <h2 id="bundles-title" className="h5">
        {t("admin.bundles.title")}
      </h2>
      <p>{t("admin.bundles.intro")}</p>
      {/* The API unavailable (docs/product.md §7.3): "try again", whichever form of the page was sent. */}
      <FormMessage refusal={refused ? { fields: refused.errors, values: refused.typed } : undefined} />
      {editing && <BundleForm key={editing.id} bundle={editing} refused={errorsOf("edit")} />}
      <BundleForm refused={errorsOf("add")} />
      {currencies.map((currency) => (
        <div key={currency} className="admin-table-scroll mb-4">
          <table className="table table-sm align-middle">
            <caption className="admin-caption">{currency}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.bundles.credits")}</th>
                <th scope="col">{t("admin.bundles.price")}</th>
                <th scope="col">{t("admin.bundles.position")}</th>
                <th scope="col">{t("admin.bundles.payments")}</th>
                <th scope="col">{t("admin.bundles.state")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("admin.bundles.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bundles
                .filter((b) => b.currency === currency)
                .map((bundle) => (
                  <BundleRow key={bundle.id} bundle={bundle} locale={locale} />
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

function BundleRow({ bundle, locale }: { bundle: AdminBundle; locale: string }) {
  const { t } = useTranslation();
  const name = `${t("credits.amount", { count: bundle.credits })} (${bundle.currency})`;
  return (
    <tr className={bundle.retired_at ? "text-body-secondary" : undefined}>
      <td>{new Intl.NumberFormat(locale).format(bundle.credits)}</td>
      <td>{formatMoney(locale, { cents: bundle.price_cents, currency: bundle.currency })}</td>
      <td>{bundle.position}</td>
      <td>{bundle.payments}</td>
      <td>{bundle.retired_at ? t("admin.bundles.retired") : t("admin.bundles.onSale")}</td>
      <td className="admin-nowrap">
        <Link
          to={`/admin/bundles?edit=${bundle.id}`}
          className="btn btn-sm btn-outline-dark me-2"
          aria-label={`${t("admin.bundles.edit")}: ${name}`}
        >
          {t("admin.bundles.edit")}
        </Link>
        <Form method="post" className="d-inline">
          <input type="hidden" name="intent" value="retire" />
          <input type="hidden" name="id" value={bundle.id} />
          <input type="hidden" name="retired" value={bundle.retired_at ? "false" : "true"} />
          <SubmitButton
            className="btn btn-sm btn-outline-danger"
            aria-label={`${bundle.retired_at ? t("admin.bundles.unretire") : t("admin.bundles.retire")}: ${name}`}
          >
            {bundle.retired_at ? t("admin.bundles.unretire") : t("admin.bundles.retire")}
          </SubmitButton>
        </Form>
      </td>
    </tr>
  );
}

/** The add form, or with a bundle the edit form of that bundle. */
function BundleForm({
  bundle,
  refused,
}: {
  bundle?: AdminBundle;
  refused: { errors: Record<string, string>; typed: Record<string, string> } | null;
}) {
  const { t } = useTranslation();
  const intent = bundle ? "edit" : "add";
  const value = (name: string, current: string) => refused?.typed[name] ?? current;
  const titleId = `bundle-${intent}-title`;
  return (
    <Form method="post" className="border rounded p-3 mb-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6">
        {bundle
          ? t("admin.bundles.editTitle", {
              bundle: `${t("credits.amount", { count: bundle.credits })} (${bundle.currency})`,
            })
          : t("admin.bundles.addTitle")}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {bundle && <input type="hidden" name="id" value={bundle.id} />}
      <div className="row g-2">
        {!bundle && (
          <AdminField
            className="col-6 col-md-3"
            name="currency"
            label={t("admin.bundles.currency")}
            value={value("currency", "EUR")}
            error={refused?.errors.currency}
          />
        )}
        <AdminField
          className="col-6 col-md-3"
          name="credits"
          label={t("admin.bundles.credits")}
          value={value("credits", bundle ? String(bundle.credits) : "")}
          error={refused?.errors.credits}
          inputMode="numeric"
        />
        <AdminField
          className="col-6 col-md-3"
          name="price"
          label={t("admin.bundles.price")}
          value={value("price", bundle ? priceText(bundle.price_cents) : "")}
          error={refused?.errors.price_cents}
          inputMode="decimal"
        />
        {bundle && (
          <AdminField
            className="col-6 col-md-3"
            name="position"
            label={t("admin.bundles.position")}
            value={value("position", String(bundle.position))}
            error={refused?.errors.position}
            inputMode="numeric"
          />
        )}
      </div>
      <SubmitButton className="btn btn-primary mt-2">
        {bundle ? t("admin.bundles.save") : t("admin.bundles.add")}
      </SubmitButton>
    </Form>
  );
}
