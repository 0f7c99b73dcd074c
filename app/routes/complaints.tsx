import { data, Form, useActionData } from "react-router";
import { FieldMessage, FormMessage, ReasonFields, type Refusal } from "~/components/reports/report-fields";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { refusalStatus } from "~/services/api-unavailable.server";
import { getMember } from "~/services/auth.server";
import { getI18n, localeOf } from "~/services/i18n.server";
import { fileComplaint } from "~/services/reports.server";
import { pageMeta } from "~/services/seo";
import { structuredDataMeta } from "~/services/structured-data";
import type { Route } from "./+types/complaints";

/**
 * The public complaints page of the footer (docs/product.md §2.21): anyone, logged in or not, can complain about a
 * profile, a message or the service; the receipt with its reference is mailed to the address given.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await getMember({ request, context });
  return { email: member?.email ?? "", title: getI18n(context).t("complaints.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await fileComplaint({ request, context }, await request.formData(), localeOf(context));
  return answer.refusal ? data(answer, refusalStatus(answer.refusal.fields.form)) : answer;
}

export default function Complaints({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const refusal = answer?.refusal as Refusal | undefined;
  const field = (name: string) => ({
    id: name,
    name,
    defaultValue: refusal?.values[name] ?? (name === "email" ? loaderData.email : ""),
    className: `form-control${refusal?.fields[name] ? " is-invalid" : ""}`,
    "aria-invalid": refusal?.fields[name] ? true : undefined,
    "aria-describedby": refusal?.fields[name] ? `${name}-error` : undefined,
  });
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{loaderData.title}</h1>
          {answer?.receipt ? (
            <div className="alert alert-success" role="status">
              {t("complaints.received", answer.receipt)}
            </div>
          ) : (
            <>
              <p>{t("complaints.intro")}</p>
              <FormMessage refusal={refusal} />
              <Form method="post" noValidate>
                <div className="mb-3">
                  <label htmlFor="email" className="form-label">
                    {t("complaints.email")}
                  </label>
                  <input type="email" autoComplete="email" required {...field("email")} />
                  <FieldMessage id="email" error={refusal?.fields.email} />
                </div>
                <div className="mb-3">
                  <label htmlFor="name" className="form-label">
                    {t("complaints.name")}
                  </label>
                  <input type="text" autoComplete="name" maxLength={100} {...field("name")} />
                </div>
                <div className="mb-3">
                  <label htmlFor="url" className="form-label">
                    {t("complaints.url")}
                  </label>
                  <input type="text" inputMode="url" maxLength={500} {...field("url")} aria-describedby="url-hint" />
                  <div id="url-hint" className="form-text">
                    {t("complaints.urlHint")}
                  </div>
                </div>
                <ReasonFields refusal={refusal} detailsLabel={t("complaints.details")} />
                <SubmitButton className="btn btn-primary">{t("complaints.send")}</SubmitButton>
              </Form>
            </>
          )}
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { title: args.loaderData?.title ?? "" }), ...structuredDataMeta(args)];
}
