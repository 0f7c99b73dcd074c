import { data, Form, useActionData } from "react-router";
import { FieldMessage, FormMessage, type Refusal } from "~/components/reports/report-fields";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { refusalStatus } from "~/services/api-unavailable.server";
import { getI18n, localeOf } from "~/services/i18n.server";
import { fileAppeal, loadAppeal } from "~/services/reports.server";
import { pageMeta } from "~/services/seo";
import { appealMaxLength } from "../../contract/report-values";
import type { Route } from "./+types/appeal";

/**
 * The appeal of a moderation decision (docs/product.md §6.8), from the link in the mail that told the member: what
 * was decided and why, and one chance to say why it is wrong. No login: a banned member has none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const decision = token ? await loadAppeal({ request, context }, token) : null;
  const date = new Intl.DateTimeFormat(localeOf(context), { dateStyle: "long" });
  return {
    token,
    decision: decision && {
      ...decision,
      decidedOn: date.format(new Date(decision.decided_at)),
      until: decision.until ? date.format(new Date(decision.until)) : null,
    },
    title: getI18n(context).t("appeal.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await fileAppeal({ request, context }, await request.formData());
  return answer.refusal ? data(answer, refusalStatus(answer.refusal.fields.form)) : answer;
}

export default function Appeal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const refusal = answer && "refusal" in answer ? (answer.refusal as Refusal) : undefined;
  const { decision } = loaderData;
  const error = refusal?.fields.text;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{loaderData.title}</h1>
          {!decision ? (
            <div className="alert alert-warning" role="alert">
              {t("appeal.invalid")}
            </div>
          ) : (
            <>
              <dl>
                <dt>{t("appeal.decision")}</dt>
                <dd>
                  {t(
                    keyOf(
                      `appeal.outcomes.${decision.decision === "hide" ? `hide_${decision.subject}` : decision.decision}`,
                    ),
                    {
                      until: decision.until ?? "",
                    },
                  )}
                </dd>
                <dt>{t("appeal.reason")}</dt>
                <dd>{t(keyOf(`appeal.reasons.${decision.reason ?? "other"}`))}</dd>
                {decision.explanation && (
                  <>
                    <dt>{t("appeal.note")}</dt>
                    <dd>{decision.explanation}</dd>
                  </>
                )}
                <dt>{t("appeal.date")}</dt>
                <dd>{decision.decidedOn}</dd>
              </dl>
              {answer && "appealed" in answer ? (
                <div className="alert alert-success" role="status">
                  {t("appeal.received")}
                </div>
              ) : decision.appealed ? (
                <p className="alert alert-info">{t("appeal.already")}</p>
              ) : (
                <Form method="post" noValidate>
                  <FormMessage refusal={refusal} />
                  <input type="hidden" name="token" value={loaderData.token} />
                  <div className="mb-3">
                    <label htmlFor="text" className="form-label">
                      {t("appeal.text")}
                    </label>
                    <textarea
                      id="text"
                      name="text"
                      rows={6}
                      maxLength={appealMaxLength}
                      defaultValue={refusal?.values.text}
                      className={`form-control${error ? " is-invalid" : ""}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? "text-error" : "text-hint"}
                    />
                    <div id="text-hint" className="form-text">
                      {t("appeal.hint")}
                    </div>
                    <FieldMessage id="text" error={error} />
                  </div>
                  <SubmitButton className="btn btn-primary">{t("appeal.send")}</SubmitButton>
                </Form>
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
