import { data, Form, useActionData } from "react-router";
import { FormMessage, ReasonFields, type Refusal } from "~/components/reports/report-fields";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { refusalStatus } from "~/services/api-unavailable.server";
import { requireMember, safeRedirect } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { fileReport } from "~/services/reports.server";
import { pageMeta } from "~/services/seo";
import { reportSubjects } from "../../contract/report-values";
import type { Route } from "./+types/report";

/**
 * Report a profile, a photo or a received message (docs/product.md §6.8): `?subject=&id=&back=`. The receipt with
 * its reference shows as a flash on the page the member came from; a refusal keeps what they typed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember({ request, context });
  const query = new URL(request.url).searchParams;
  const subject = reportSubjects.find((s) => s === query.get("subject"));
  const id = Number(query.get("id"));
  if (!subject || !Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  const back = safeRedirect(query.get("back"), subject === "message" ? "/chats" : `/members/${id}`);
  return { subject, id, back, title: getI18n(context).t(keyOf(`report.titles.${subject}`)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await fileReport({ request, context }, await request.formData());
  return answer instanceof Response ? answer : data(answer, refusalStatus(answer.fields.form));
}

export default function Report({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refusal = useActionData<typeof action>() as Refusal | undefined;
  const { subject, id, back, title } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{title}</h1>
          <p>{t("report.intro")}</p>
          <FormMessage refusal={refusal} />
          <Form method="post" noValidate>
            <input type="hidden" name="subject" value={subject} />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="back" value={back} />
            <ReasonFields refusal={refusal} detailsLabel={t("report.details")} />
            <div className="d-flex gap-2">
              <SubmitButton className="btn btn-danger">{t("report.send")}</SubmitButton>
              <a href={back} className="btn btn-outline-dark">
                {t("report.cancel")}
              </a>
            </div>
          </Form>
        </div>
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
