import { AUDIT_CSV_LIMIT, AUDIT_PAGE_SIZE, type AuditEntry, type AuditQuery } from "../../contract/audit";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import * as repo from "./audit.repository";
import { toCsv } from "./csv";

type Row = Awaited<ReturnType<typeof repo.listStaffActions>>[number];

const entryOf = (row: Row): AuditEntry => ({
  id: row.id,
  created_at: row.created_at,
  address: row.address,
  staff: row.staff_id === null ? null : { id: row.staff_id, email: row.staff_email ?? "" },
  action: row.action,
  member: row.target_user_id === null ? null : { id: row.target_user_id, email: row.member_email ?? "" },
  target_ref: row.target_ref,
  reason: row.reason,
  before: row.before_json,
  after: row.after_json,
});

/** GET admin/audit.php (docs/product.md §6.9): one page of the site's staff actions, newest first, filtered. */
export async function auditPage(db: Db, site: SiteRow, { page, ...filters }: AuditQuery) {
  const [total, actions] = await Promise.all([
    repo.countStaffActions(db, site.id, filters),
    repo.actionNames(db, site.id),
  ]);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const rows = await repo.listStaffActions(db, site.id, filters, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.map(entryOf), page, pages, total, actions };
}

/** The CSV columns, in English: a file for spreadsheets and auditors, not a page of the site. */
const csvHeader = [
  "id",
  "time",
  "address",
  "staff_id",
  "staff_email",
  "action",
  "member_id",
  "member_email",
  "target",
  "reason",
  "before",
  "after",
];

/** GET admin/audit-csv.php: every filtered row (up to AUDIT_CSV_LIMIT, newest first) as CSV. */
export async function auditCsv(db: Db, site: SiteRow, { page: _, ...filters }: AuditQuery) {
  const rows = await repo.listStaffActions(db, site.id, filters, AUDIT_CSV_LIMIT, 0);
  return toCsv([
    csvHeader,
    ...rows.map((r) => [
      r.id,
      r.created_at,
      r.address,
      r.staff_id,
      r.staff_email,
      r.action,
      r.target_user_id,
      r.member_email,
      r.target_ref,
      r.reason,
      r.before_json,
      r.after_json,
    ]),
  ]);
}
