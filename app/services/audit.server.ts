import { data } from "react-router";
import { auditResponseSchema } from "../../contract/audit";
import { ApiCallError, type CallContext, callApi, callApiForImage } from "./api.server";

/** The audit log's filters as the GET form sends them; empty ones are left out of the call and of the links. */
export function auditFilters(url: URL) {
  const filters: Record<string, string> = {};
  for (const name of ["member", "staff", "action", "page"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value.slice(0, 254);
  }
  return filters;
}

/** One page of the audit log; a filter the API refuses (a page that is no number) is the page without filters. */
export async function loadAuditLog(call: CallContext, filters: Record<string, string>) {
  try {
    return await callApi(call, "/admin/audit.php", { query: filters, schema: auditResponseSchema });
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "validation_failed") throw data(null, { status: 404 });
    throw error;
  }
}

/** The filtered rows as the API's CSV file, passed on as a download. */
export async function auditCsvDownload(call: CallContext, filters: Record<string, string>) {
  const { page: _, ...rest } = filters;
  const file = await callApiForImage(call, "/admin/audit-csv.php", rest);
  return new Response(file.bytes, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": 'attachment; filename="audit-log.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
