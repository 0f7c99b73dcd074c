import { Form, Link } from "react-router";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { searchMembers } from "~/services/admin-members.server";
import { requireAdmin } from "~/services/staff.server";
import type { Route } from "./+types/admin-members";

/** The admin's member search (issue 33): by e-mail, name or id, 25 a page, newest first; a plain GET form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (!(await requireAdmin(call)).verified) return null;
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const page = Math.min(10000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { q, ...(await searchMembers(call, q, page)) };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  if (!loaderData) return null;
  const { q, members, page, pages, total } = loaderData;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const pageLink = (n: number) => `/admin/members?${new URLSearchParams({ q, page: String(n) })}`;
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title" className="h5">
        {t("admin.members.title")}
      </h2>
      <Form method="get" action="/admin/members" className="row g-2 align-items-end mb-3" role="search">
        <div className="col-12 col-md-8 col-lg-6">
          <label htmlFor="member-q" className="form-label">
            {t("admin.members.searchLabel")}
          </label>
          <input id="member-q" name="q" type="search" defaultValue={q} className="form-control" maxLength={200} />
        </div>
        <div className="col-12 col-sm-4">
          <button type="submit" className="btn btn-primary">
            {t("admin.members.search")}
          </button>
        </div>
      </Form>
      <p aria-live="polite">{t("admin.members.found", { count: total })}</p>
      {members.length > 0 && (
        <div className="admin-scroll">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t("admin.members.id")}</th>
                <th scope="col">{t("admin.members.name")}</th>
                <th scope="col">{t("admin.members.email")}</th>
                <th scope="col">{t("admin.members.status")}</th>
                <th scope="col">{t("admin.members.role")}</th>
                <th scope="col">{t("admin.members.signedUp")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>{m.id}</td>
                  <td>
                    <Link to={`/admin/members/${m.id}`}>{m.name ?? m.email}</Link>
                  </td>
                  <td className="admin-nowrap">{m.email}</td>
                  <td>
                    {m.banned
                      ? t("admin.members.banned")
                      : m.suspended_until && m.suspended_until > new Date().toISOString()
                        ? t("admin.members.suspendedUntil", { date: day.format(new Date(m.suspended_until)) })
                        : t(keyOf(`admin.members.statuses.${m.status}`))}
                  </td>
                  <td>{t(keyOf(`admin.members.roles.${m.role}`))}</td>
                  <td>{day.format(new Date(m.signup_date))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label={t("admin.members.pages")}>
          <p className="d-flex gap-3 align-items-center">
            {page > 1 && <Link to={pageLink(page - 1)}>{t("admin.members.previous")}</Link>}
            <span>{t("admin.members.pageOf", { page, pages })}</span>
            {page < pages && <Link to={pageLink(page + 1)}>{t("admin.members.next")}</Link>}
          </p>
        </nav>
      )}
    </section>
  );
}
