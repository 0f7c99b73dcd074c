import { auditCsvDownload, auditFilters } from "~/services/audit.server";
import { requireAdmin } from "~/services/staff.server";
import type { Route } from "./+types/admin-audit-csv";

/** /admin/audit.csv: the audit log's filtered rows as a CSV download (docs/product.md §6.9); a resource route. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireAdmin(call);
  return auditCsvDownload(call, auditFilters(new URL(request.url)));
}
