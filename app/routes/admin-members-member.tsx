import type { ReactNode } from "react";
import { data, Form, Link, useActionData } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { type CommonKey, keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { handleMemberForm, type MemberFormRefusal, memberDetail } from "~/services/admin-members.server";
import { ApiCallError } from "~/services/api.server";
import { refusalStatus } from "~/services/api-unavailable.server";
import { requireAdmin } from "~/services/staff.server";
import { creditGrantMax, type MemberDetail, memberRoles, reasonMaxLength } from "../../contract/admin-members";
import type { Route } from "./+types/admin-members-member";

/**
 * A member as the admin sees them (issue 33, docs/product.md §6.9): account, profile, photos, payments, ledger,
 * reports, logins, mails and staff actions, then the actions, each a plain form with its own required reason.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  if (!(await requireAdmin(call)).verified) return null;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  const detail = await memberDetail(call, id).catch((error) => {
    if (error instanceof ApiCallError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  // A fresh key each time the page is drawn: the credits form sends it, so a double submit moves credits once.
  return { ...detail, creditsKey: crypto.randomUUID() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const call = { request, context };
  if (!(await requireAdmin(call)).verified) throw data(null, { status: 404 });
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  const answer = await handleMemberForm(call, id, await request.formData());
  return answer instanceof Response
    ? answer
    : data(answer, answer.stepUp ? { status: 403 } : refusalStatus(answer.fields.form));
}

type Detail = MemberDetail & { creditsKey: string };

export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  if (!loaderData) return null;
  const { member, profile } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const when = (iso: string | null) => (iso ? time.format(new Date(iso)) : "–");
  const yesNo = (value: boolean) => t(value ? "admin.members.yes" : "admin.members.no");
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
  return (
    <article aria-labelledby="member-title">
      <p>
        <Link to="/admin/members">{t("admin.members.back")}</Link>
      </p>
      <h2 id="member-title" className="h4 mb-3 admin-break">
        {profile?.name ?? member.email} <span className="text-body-secondary fs-6">#{member.id}</span>
      </h2>

      <Section id="account" title={t("admin.members.account")}>
        <dl className="admin-facts">
          <Row term={t("admin.members.email")}>{member.email}</Row>
          <Row term={t("admin.members.status")}>{t(keyOf(`admin.members.statuses.${member.status}`))}</Row>
          <Row term={t("admin.members.suspendedTill")}>{when(member.suspended_until)}</Row>
          <Row term={t("admin.members.bannedAt")}>{when(member.banned_at)}</Row>
          <Row term={t("admin.members.role")}>{t(keyOf(`admin.members.roles.${member.role}`))}</Row>
          <Row term={t("admin.members.language")}>{member.language}</Row>
          <Row term={t("admin.members.credits")}>
            <span data-testid="member-credits">{member.credits}</span>
          </Row>
          <Row term={t("admin.members.signedUp")}>{when(member.signup_date)}</Row>
          <Row term={t("admin.members.lastSeen")}>{when(member.last_seen_at)}</Row>
          <Row term={t("admin.members.locked")}>{yesNo(member.locked)}</Row>
        </dl>
      </Section>

      {profile && (
        <Section id="profile" title={t("admin.members.profile")}>
          <dl className="admin-facts">
            <Row term={t("admin.members.name")}>{profile.name}</Row>
            <Row term={t("admin.members.birthDate")}>{profile.date_of_birth}</Row>
            <Row term={t("admin.members.country")}>{[profile.city, profile.country].filter(Boolean).join(", ")}</Row>
            <Row term={t("admin.members.fictional")}>{yesNo(profile.fictional)}</Row>
            <Row term={t("admin.members.hidden")}>{yesNo(profile.hidden)}</Row>
            <Row term={t("admin.members.about")}>{profile.about ?? "–"}</Row>
          </dl>
        </Section>
      )}

      <Section id="photos" title={t("admin.members.photos")}>
        {loaderData.photos.length === 0 ? (
          <p>{t("admin.members.nothing")}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-2">
            {loaderData.photos.map((p) => (
              <li key={p.id}>
                <img
                  src={p.url}
                  alt={t("admin.members.photoAlt", {
                    id: p.id,
                    status: t(keyOf(`admin.members.photoStatuses.${p.status}`)),
                  })}
                  width={96}
                  height={96}
                  className="admin-thumb rounded"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Table
        id="payments"
        title={t("admin.members.payments")}
        head={[
          t("admin.members.date"),
          t("admin.members.amount"),
          t("admin.members.credits"),
          t("admin.members.status"),
        ]}
        rows={loaderData.payments.map((p) => [
          when(p.created_at),
          money(p.amount_cents, p.currency),
          p.credits,
          t(keyOf(`admin.members.paymentStatuses.${p.status}`)),
        ])}
      />
      <Table
        id="ledger"
        title={t("admin.members.ledger")}
        head={[
          t("admin.members.date"),
          t("admin.members.kind"),
          t("admin.members.change"),
          t("admin.members.balance"),
          t("admin.members.note"),
        ]}
        rows={loaderData.ledger.map((e) => [
          when(e.created_at),
          t(keyOf(`transactions.kinds.${e.kind}`)),
          e.refused ? `${e.delta} (${t("admin.members.refused")})` : e.delta,
          e.balance_after,
          e.reference?.startsWith("staff:") ? e.reference.slice("staff:".length) : (e.reference ?? ""),
        ])}
      />
      <Table
        id="reports-about"
        title={t("admin.members.reportsAbout")}
        head={[
          t("admin.members.report"),
          t("admin.members.date"),
          t("admin.members.subject"),
          t("admin.members.status"),
        ]}
        rows={loaderData.reports_about.map((r) => [
          `R-${r.id}`,
          when(r.opened_at),
          t(keyOf(`moderation.subjects.${r.subject}`)),
          t(keyOf(`admin.members.reportStatuses.${r.status}`)),
        ])}
      />
      <Table
        id="reports-by"
        title={t("admin.members.reportsBy")}
        head={[
          t("admin.members.report"),
          t("admin.members.date"),
          t("admin.members.subject"),
          t("admin.members.reason"),
        ]}
        rows={loaderData.reports_by.map((r) => [
          `R-${r.id}`,
          when(r.created_at),
          t(keyOf(`moderation.subjects.${r.subject}`)),
          t(keyOf(`report.reasons.${r.reason}`)),
        ])}
      />
      <Table
        id="logins"
        title={t("admin.members.logins")}
        head={[t("admin.members.date"), t("admin.members.address"), t("admin.members.device")]}
        rows={loaderData.logins.map((l) => [when(l.created_at), l.address, l.user_agent ?? "–"])}
      />
      <Table
        id="mails"
        title={t("admin.members.mails")}
        head={[t("admin.members.date"), t("admin.members.mailSubject")]}
        rows={loaderData.mails.map((m) => [when(m.created_at), m.subject])}
      />
      <Table
        id="staff-actions"
        title={t("admin.members.staffActions")}
        head={[t("admin.members.date"), t("admin.members.action"), t("admin.members.reason"), t("admin.members.by")]}
        rows={loaderData.staff_actions.map((a) => [
          when(a.created_at),
          t(keyOf(`admin.members.actions.${a.action.replace(/^member\./, "")}`)),
          a.reason ?? "",
          a.staff ?? "",
        ])}
      />

      <Actions detail={loaderData} />
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="h5">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="fw-normal text-body-secondary">{term}</dt>
      <dd className="admin-break">{children}</dd>
    </>
  );
}

function Table({ id, title, head, rows }: { id: string; title: string; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <p>{t("admin.members.nothing")}</p>
      ) : (
        <div className="admin-scroll">
          <table className="table table-sm" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are drawn once on the server, never reordered
                <tr key={i}>
                  {row.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                    <td key={j} className="admin-break">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** The actions that fit the account's state, each a form of its own with its reason. */
function Actions({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const refusal = useActionData<typeof action>() as MemberFormRefusal | undefined;
  const { member, profile } = detail;
  const sanctioned = member.banned_at !== null || (member.suspended_until ?? "") > new Date().toISOString();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <section aria-labelledby="actions-title" className="mb-4">
      <h3 id="actions-title" className="h5">
        {t("admin.members.actionsTitle")}
      </h3>
      <p className="text-body-secondary">{t("admin.members.reasonHint")}</p>
      <div className="admin-actions">
        <ActionForm memberId={member.id} intent="credits" refusal={refusal}>
          <input type="hidden" name="key" value={detail.creditsKey} />
          <Field intent="credits" name="amount" label="admin.members.amountLabel" refusal={refusal}>
            {(props) => <input {...props} type="number" min={-creditGrantMax} max={creditGrantMax} step={1} required />}
          </Field>
        </ActionForm>
        <ActionForm memberId={member.id} intent="suspend" refusal={refusal}>
          <Field intent="suspend" name="until" label="admin.members.untilLabel" refusal={refusal}>
            {(props) => <input {...props} type="date" min={tomorrow} required />}
          </Field>
        </ActionForm>
        {member.banned_at === null && <ActionForm memberId={member.id} intent="ban" refusal={refusal} />}
        {sanctioned && <ActionForm memberId={member.id} intent="lift" refusal={refusal} />}
        {member.locked && <ActionForm memberId={member.id} intent="reset_lockout" refusal={refusal} />}
        {member.status === "not_confirmed" && (
          <ActionForm memberId={member.id} intent="resend_activation" refusal={refusal} />
        )}
        {member.status !== "pending_deletion" && (
          <ActionForm memberId={member.id} intent="start_deletion" refusal={refusal} />
        )}
        {profile && (
          <ActionForm
            memberId={member.id}
            intent={profile.fictional ? "unmark_fictional" : "mark_fictional"}
            refusal={refusal}
          />
        )}
        <ActionForm memberId={member.id} intent="change_role" refusal={refusal}>
          <Field intent="change_role" name="role" label="admin.members.roleLabel" refusal={refusal}>
            {(props) => (
              <select {...props} className="form-select" defaultValue={props.defaultValue || member.role}>
                {memberRoles.map((role) => (
                  <option key={role} value={role}>
                    {t(keyOf(`admin.members.roles.${role}`))}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </ActionForm>
      </div>
    </section>
  );
}

/** One action's form: its own fields, the required reason, and its refusal, if the last post was this form's. */
function ActionForm({
  memberId,
  intent,
  refusal,
  children,
}: {
  memberId: number;
  intent: string;
  refusal: MemberFormRefusal | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const mine = refusal?.intent === intent ? refusal : undefined;
  const title = t(keyOf(`admin.members.actions.${intent}`));
  // The confirmation page (built apart) sends the admin back to this member's page.
  const here = `/admin/members/${memberId}`;
  return (
    <div>
      <Form method="post" className="border rounded p-3 h-100" aria-labelledby={`${intent}-title`} noValidate>
        <h4 id={`${intent}-title`} className="h6">
          {title}
        </h4>
        <input type="hidden" name="intent" value={intent} />
        {mine?.stepUp && (
          <p className="alert alert-warning" role="alert">
            <a href={`/admin/confirm?next=${encodeURIComponent(here)}`}>{t("admin.members.stepUp")}</a>
          </p>
        )}
        {mine?.fields.form && (
          <p className="alert alert-danger" role="alert">
            {t(keyOf(mine.fields.form))}
          </p>
        )}
        {children}
        <Field intent={intent} name="reason" label="admin.members.reasonLabel" refusal={refusal}>
          {(props) => <textarea {...props} rows={2} maxLength={reasonMaxLength} required />}
        </Field>
        <SubmitButton className="btn btn-outline-primary">{title}</SubmitButton>
      </Form>
    </div>
  );
}

type FieldProps = {
  id: string;
  name: string;
  className: string;
  defaultValue: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** A labelled field of an action's form, with its translated error and, after a refusal, what was typed. */
function Field({
  intent,
  name,
  label,
  refusal,
  children,
}: {
  intent: string;
  name: string;
  label: CommonKey;
  refusal: MemberFormRefusal | undefined;
  children: (props: FieldProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const mine = refusal?.intent === intent ? refusal : undefined;
  const id = `${intent}-${name}`;
  const error = mine?.fields[name];
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {t(label)}
      </label>
      {children({
        id,
        name,
        className: `form-control${error ? " is-invalid" : ""}`,
        defaultValue: mine?.values[name] ?? "",
        ...(error && { "aria-invalid": true as const, "aria-describedby": `${id}-error` }),
      })}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t(keyOf(error))}
        </div>
      )}
    </div>
  );
}
