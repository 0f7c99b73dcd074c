import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/translator";
import { auditFilters, loadAuditLog } from "~/services/audit.server";
import { requireAdmin } from "~/services/staff.server";
import type { AuditEntry } from "../../contract/audit";
import type { Route } from "./+types/admin-audit";

/**
 * The audit log (docs/product.md §6.9): every staff action, newest first, 50 a page, filtered by a plain GET form
 * (member, staff member, action), and the filtered rows as a CSV download. For admins whose session gave the
 * second factor; the frame (admin.tsx) shows the code form until then.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (!(await requireAdmin(call)).verified) return null;
  const filters = auditFilters(new URL(request.url));
  return { log: await loadAuditLog(call, filters), filters };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  if (!loaderData) return null;
  const { log, filters } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  const number = new Intl.NumberFormat(locale);
  const { page: _, ...kept } = filters;
  const link = (to: string, page?: number) => {
    const query = new URLSearchParams({ ...kept, ...(page && page > 1 ? { page: String(page) } : {}) }).toString();
    return query ? `${to}?${query}` : to;
  };
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="h5">
        {t("admin.audit.title")}
      </h2>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t("admin.audit.filters")}>
        <div className="col-12 col-md-4">
          <label htmlFor="audit-member" className="form-label">
            {t("admin.audit.member")}
          </label>
          <input id="audit-member" name="member" className="form-control" defaultValue={filters.member ?? ""} />
        </div>
        <div className="col-12 col-md-3">
          <label htmlFor="audit-staff" className="form-label">
            {t("admin.audit.staff")}
          </label>
          <input id="audit-staff" name="staff" className="form-control" defaultValue={filters.staff ?? ""} />
        </div>
        <div className="col-12 col-md-3">
          <label htmlFor="audit-action" className="form-label">
            {t("admin.audit.action")}
          </label>
          <select id="audit-action" name="action" className="form-select" defaultValue={filters.action ?? ""}>
            <option value="">{t("admin.audit.anyAction")}</option>
            {log.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-2">
          <button type="submit" className="btn btn-primary w-100">
            {t("admin.audit.filter")}
          </button>
        </div>
      </Form>
      <p className="d-flex flex-wrap gap-3 align-items-center">
        <span>{t("admin.audit.found", { total: number.format(log.total) })}</span>
        <a href={link("/admin/audit.csv")} className="btn btn-primary btn-sm" download>
          {t("admin.audit.download")}
        </a>
        {Object.keys(kept).length > 0 && <Link to="/admin/audit">{t("admin.audit.clear")}</Link>}
      </p>
      {log.entries.length === 0 ? (
        <p>{t("admin.audit.empty")}</p>
      ) : (
        <div className="admin-audit-scroll">
          <table className="table table-sm admin-audit">
            <caption className="visually-hidden">{t("admin.audit.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.audit.when")}</th>
                <th scope="col">{t("admin.audit.who")}</th>
                <th scope="col">{t("admin.audit.action")}</th>
                <th scope="col">{t("admin.audit.target")}</th>
                <th scope="col">{t("admin.audit.reason")}</th>
                <th scope="col">{t("admin.audit.change")}</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.created_at}>{time.format(new Date(entry.created_at))} UTC</time>
                    {entry.address && <div className="small text-body-secondary">{entry.address}</div>}
                  </td>
                  <td>{entry.staff ? entry.staff.email : "—"}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    <Target entry={entry} />
                  </td>
                  <td>{entry.reason ?? ""}</td>
                  <td>
                    <Change before={entry.before} after={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.pages > 1 && (
        <nav aria-label={t("admin.audit.pages")}>
          <ul className="pagination flex-wrap">
            {log.page > 1 && (
              <li className="page-item">
                <Link className="page-link" to={link("/admin/audit", log.page - 1)}>
                  {t("admin.audit.previous")}
                </Link>
              </li>
            )}
            <li className="page-item active" aria-current="page">
              <span className="page-link">{t("admin.audit.page", { page: log.page, pages: log.pages })}</span>
            </li>
            {log.page < log.pages && (
              <li className="page-item">
                <Link className="page-link" to={link("/admin/audit", log.page + 1)}>
                  {t("admin.audit.next")}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </section>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <>
      {entry.member && (
        <div>
          #{entry.member.id} {entry.member.email}
        </div>
      )}
      {entry.target_ref && <div className="small text-body-secondary">{entry.target_ref}</div>}
    </>
  );
}

/** The values before and after, as the JSON kept: an audit shows what was stored, not a reading of it. */
function Change({ before, after }: { before: string | null; after: string | null }) {
  if (!before && !after) return null;
  return (
    <code className="admin-audit-change">
      {before ?? "—"} → {after ?? "—"}
    </code>
  );
}
