import { Form } from "react-router";
import type { z } from "zod";
import { FictionalMarker } from "~/components/fictional-marker";
import { SubmitButton } from "~/components/submit-button";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { reportDecisions, reportReasons, suspensionDays } from "../../../contract/report-values";
import type { moderationAppealSchema, moderationReportSchema } from "../../../contract/reports";
import type { Refusal } from "./report-fields";
import { FieldMessage, FormMessage } from "./report-fields";

type ReportCase = z.infer<typeof moderationReportSchema> & { opened: string };
type AppealCase = z.infer<typeof moderationAppealSchema> & { appealed: string };
type Member = NonNullable<ReportCase["member"]>;

/** Whom a case is about: the profile as others see it, and the photo in question if it is one. */
function Context({ member, photoId }: { member: Member | null; photoId: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      {photoId !== null && (
        <picture>
          <source srcSet={`/photo-files/${photoId}/320/webp`} type="image/webp" />
          <img src={`/photo-files/${photoId}/320/jpeg`} alt="" width={160} height={200} className="rounded mb-2" />
        </picture>
      )}
      {member && (
        <p className="mb-2">
          <a href={`/members/${member.id}`}>{t("moderation.member", member)}</a>
          {member.fictional && <FictionalMarker />}
          {member.about && <span className="d-block small text-body-secondary">{member.about}</span>}
        </p>
      )}
    </>
  );
}

/** A small select of the decision form, with its refusal and what was chosen kept. */
function Choice(props: {
  id: string;
  name: string;
  label: string;
  options: [string, string][];
  refusal?: Refusal;
  className: string;
}) {
  const { id, name, refusal } = props;
  const error = refusal?.fields[name];
  return (
    <div className={props.className}>
      <label htmlFor={id} className="form-label small">
        {props.label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={refusal?.values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`form-select${error ? " is-invalid" : ""}`}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** A report with every filing, the reported message between its neighbours, and the decision form. */
export function ReportCaseCard({ item, refusal }: { item: ReportCase; refusal?: Refusal }) {
  const { t } = useTranslation();
  const id = `report-${item.id}`;
  return (
    <article className="card h-100" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h3 id={`${id}-title`} className="h6">
          {t(keyOf(`moderation.subjects.${item.subject}`))} · {item.reference}
        </h3>
        <p className="small text-body-secondary">{t("moderation.opened", { date: item.opened })}</p>
        <Context member={item.member} photoId={item.photo_id} />
        {item.messages.length > 0 && (
          <ol className="list-unstyled small border rounded p-2 mb-2">
            {item.messages.map((m) => (
              <li key={m.id} className={m.reported ? "fw-bold" : undefined}>
                {m.from}: {m.text ?? t(keyOf(`chat.kinds.${m.kind === "gift" ? "gift" : "photo"}`))}
                {m.kind === "photo" && (
                  <img src={`/chat-photos/${m.id}/320/jpeg`} alt="" width={160} className="d-block rounded mb-1" />
                )}
              </li>
            ))}
          </ol>
        )}
        <ul className="small">
          {item.filings.map((f) => (
            <li key={`${f.created_at}-${f.by}`}>
              <strong>{t(keyOf(`report.reasons.${f.reason}`))}</strong>
              {f.details && `: ${f.details}`}
              {f.url && <span className="d-block">{f.url}</span>}
              <span className="d-block text-body-secondary">{f.by}</span>
            </li>
          ))}
        </ul>
        <Form method="post">
          <FormMessage refusal={refusal} />
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="id" value={item.id} />
          <div className="row g-2">
            <Choice
              id={`${id}-decision`}
              name="decision"
              label={t("moderation.decision")}
              options={reportDecisions.map((d): [string, string] => [d, t(keyOf(`moderation.decisions.${d}`))])}
              refusal={refusal}
              className="col-6"
            />
            <Choice
              id={`${id}-days`}
              name="days"
              label={t("moderation.days")}
              options={[
                ["", "—"],
                ...suspensionDays.map((d): [string, string] => [String(d), t("moderation.daysCount", { count: d })]),
              ]}
              refusal={refusal}
              className="col-6"
            />
            <Choice
              id={`${id}-reason`}
              name="reason"
              label={t("moderation.ground")}
              options={[["", "—"], ...reportReasons.map((r): [string, string] => [r, t(keyOf(`report.reasons.${r}`))])]}
              refusal={refusal}
              className="col-12"
            />
            <div className="col-12">
              <label htmlFor={`${id}-explanation`} className="form-label small">
                {t("moderation.explanation")}
              </label>
              <textarea
                id={`${id}-explanation`}
                name="explanation"
                rows={2}
                defaultValue={refusal?.values.explanation}
                className="form-control"
              />
            </div>
          </div>
          <SubmitButton className="btn btn-sm btn-primary mt-2">{t("moderation.decide")}</SubmitButton>
        </Form>
      </div>
    </article>
  );
}

/** An appealed decision with the member's words, for another moderator to uphold or reverse. */
export function AppealCaseCard({ item, refusal }: { item: AppealCase; refusal?: Refusal }) {
  const { t } = useTranslation();
  const id = `appeal-${item.id}`;
  return (
    <article className="card h-100" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h3 id={`${id}-title`} className="h6">
          {t(keyOf(`moderation.decisions.${item.decision}`))} · {t(keyOf(`moderation.subjects.${item.subject}`))}
        </h3>
        <p className="small text-body-secondary">{t("moderation.appealedOn", { date: item.appealed })}</p>
        <Context member={item.member} photoId={item.photo_id} />
        {item.explanation && <p className="small">{item.explanation}</p>}
        <p className="bg-body-tertiary rounded p-2">{item.appeal_text}</p>
        <Form method="post">
          <FormMessage refusal={refusal} />
          <input type="hidden" name="intent" value="appeal" />
          <input type="hidden" name="id" value={item.id} />
          <label htmlFor={`${id}-explanation`} className="form-label small">
            {t("moderation.explanation")}
          </label>
          <textarea
            id={`${id}-explanation`}
            name="explanation"
            rows={2}
            className="form-control mb-2"
            defaultValue={refusal?.values.explanation}
          />
          <div className="d-flex gap-2">
            <SubmitButton name="decision" value="uphold" className="btn btn-sm btn-outline-dark">
              {t("moderation.uphold")}
            </SubmitButton>
            <SubmitButton name="decision" value="reverse" className="btn btn-sm btn-success">
              {t("moderation.reverse")}
            </SubmitButton>
          </div>
        </Form>
      </div>
    </article>
  );
}
