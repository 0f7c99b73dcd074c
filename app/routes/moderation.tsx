import { data, Form, Link, redirect, useActionData } from "react-router";
import { AppealCaseCard, ReportCaseCard } from "~/components/reports/moderation-cases";
import type { Refusal } from "~/components/reports/report-fields";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { refusalStatus } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { countryNamer } from "~/services/countries";
import { dateLocale, formatDate } from "~/services/dates";
import { getI18n, localeOf } from "~/services/i18n.server";
import { decidePhoto, loadPendingPhotos } from "~/services/photos.server";
import { decide, loadReportQueue } from "~/services/reports.server";
import { pageMeta } from "~/services/seo";
import { moderationNeedsCode, requireModeratorSecondFactor } from "~/services/staff.server";
import { rejectionReasons } from "../../contract/profile-values";
import type { Route } from "./+types/moderation";

/**
 * The moderation area (docs/product.md §6.7): photos waiting for a decision, oldest first, each with whose it is,
 * to approve or to reject with a reason the member is told. For moderators only: anyone else gets the 404 page, and
 * the API checks the role again on every call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const secondFactor = await requireModeratorSecondFactor(call);
  // docs/product.md §6.9: once set up, the code is asked once per session before anything is shown.
  if (moderationNeedsCode(secondFactor)) throw redirect("/moderation/second-factor");
  const [{ photos }, { reports, appeals }] = await Promise.all([loadPendingPhotos(call), loadReportQueue(call)]);
  const locale = localeOf(context);
  const country = countryNamer(locale);
  const moment = (iso: string) => formatDate(dateLocale(locale, member.profile.country), "moment", iso);
  return {
    photos: photos.map((photo) => ({
      id: photo.id,
      member: { ...photo.member, country: country(photo.member.country) },
      uploaded: moment(photo.created_at),
    })),
    reports: reports.map((r) => ({
      ...r,
      opened: moment(r.opened_at),
      member: r.member && { ...r.member, country: country(r.member.country) },
    })),
    appeals: appeals.map((a) => ({
      ...a,
      appealed: moment(a.appealed_at),
      member: a.member && { ...a.member, country: country(a.member.country) },
    })),
    title: getI18n(context).t("moderation.title"),
    secondFactorSetUp: secondFactor.enrolled,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  if (!member.moderator) throw data(null, { status: 404 });
  const form = await request.formData();
  const answer = form.has("intent") ? await decide(call, form) : await decidePhoto(call, form);
  if (answer instanceof Response) return answer;
  return data(answer, refusalStatus("refusal" in answer ? answer.refusal.fields.form : answer.error));
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = useActionData<typeof action>();
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-2">{loaderData.title}</h1>
      <p className="mb-4 d-flex flex-wrap gap-3">
        <Link to="/moderation/landers">{t("landerReport.title")}</Link>
        <Link to="/moderation/second-factor">
          {t(loaderData.secondFactorSetUp ? "moderation.secondFactor.title" : "moderation.secondFactor.offer")}
        </Link>
      </p>
      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="h5">
          {t("moderation.photos")}
        </h2>
        {loaderData.photos.length === 0 && <p>{t("moderation.empty")}</p>}
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3">
          {loaderData.photos.map((photo) => {
            const mine = refused && "error" in refused && refused.id === photo.id ? refused : undefined;
            const error = mine?.error;
            return (
              <li className="col" key={photo.id}>
                <article className="card h-100" aria-labelledby={`photo-${photo.id}-member`}>
                  <picture>
                    <source srcSet={`/photo-files/${photo.id}/800/webp`} type="image/webp" />
                    <img
                      src={`/photo-files/${photo.id}/800/jpeg`}
                      alt=""
                      width={800}
                      height={1000}
                      className="card-img-top object-fit-contain bg-body-tertiary portrait-photo"
                    />
                  </picture>
                  <div className="card-body">
                    <h3 id={`photo-${photo.id}-member`} className="h6 mb-1">
                      {t("moderation.member", photo.member)}
                    </h3>
                    <p className="small text-body-secondary">{t("moderation.uploaded", { date: photo.uploaded })}</p>
                    <Form method="post" className="mb-2">
                      <input type="hidden" name="id" value={photo.id} />
                      {/* Named with the member's line ("Approve Anna, 34, Ireland"): one name per photo on the page. */}
                      <SubmitButton
                        name="decision"
                        value="approve"
                        className="btn btn-success"
                        id={`approve-${photo.id}`}
                        aria-labelledby={`approve-${photo.id} photo-${photo.id}-member`}
                      >
                        {t("moderation.approve")}
                      </SubmitButton>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="id" value={photo.id} />
                      <label htmlFor={`reason-${photo.id}`} className="form-label">
                        {t("moderation.reason")}
                      </label>
                      <select
                        id={`reason-${photo.id}`}
                        name="reason"
                        required
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `reason-${photo.id}-error` : undefined}
                        className={`form-select mb-2${error ? " is-invalid" : ""}`}
                        defaultValue={mine?.reason}
                      >
                        <option value="">—</option>
                        {rejectionReasons.map((reason) => (
                          <option key={reason} value={reason}>
                            {sentenceCase(t(keyOf(`photos.reasons.${reason}`)))}
                          </option>
                        ))}
                      </select>
                      {error && (
                        <div id={`reason-${photo.id}-error`} className="invalid-feedback d-block mb-2">
                          {t(keyOf(error))}
                        </div>
                      )}
                      <SubmitButton
                        name="decision"
                        value="reject"
                        className="btn btn-outline-danger"
                        id={`reject-${photo.id}`}
                        aria-labelledby={`reject-${photo.id} photo-${photo.id}-member`}
                      >
                        {t("moderation.reject")}
                      </SubmitButton>
                    </Form>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="reports-title" className="mt-5">
        <h2 id="reports-title" className="h5">
          {t("moderation.reports")}
        </h2>
        {loaderData.reports.length === 0 && <p>{t("moderation.noReports")}</p>}
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 g-3">
          {loaderData.reports.map((item) => (
            <li className="col" key={item.id}>
              <ReportCaseCard item={item} refusal={refusalFor(refused, "report", item.id)} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="appeals-title" className="mt-5">
        <h2 id="appeals-title" className="h5">
          {t("moderation.appeals")}
        </h2>
        {loaderData.appeals.length === 0 && <p>{t("moderation.noAppeals")}</p>}
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 g-3">
          {loaderData.appeals.map((item) => (
            <li className="col" key={item.id}>
              <AppealCaseCard item={item} refusal={refusalFor(refused, "appeal", item.id)} />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** The refusal of a report's or an appeal's decision, on the card it belongs to (their ids are apart). */
const refusalFor = (answer: unknown, intent: "report" | "appeal", id: number) => {
  const refused = answer as { id?: number; intent?: string; refusal?: Refusal } | undefined;
  return refused?.id === id && refused.intent === intent ? refused.refusal : undefined;
};

/** A reason reads as the end of "Not approved: …" to the member; as a choice of its own it starts with a capital. */
const sentenceCase = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
