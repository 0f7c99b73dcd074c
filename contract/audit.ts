import { z } from "zod";

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;
/** At most this many rows in one CSV download: enough for any filter a person reads, bounded for the server. */
export const AUDIT_CSV_LIMIT = 10_000;

/** A member or staff member as a filter takes them: their id, or their e-mail address. */
const who = z
  .string()
  .trim()
  .max(254)
  .optional()
  .transform((value) => value || undefined);

/**
 * The audit log's filters (GET /api/admin/audit.php and audit-csv.php, docs/product.md §6.9): the member the action
 * was on, the staff member who took it, the action's name, and the page.
 */
export const auditQuerySchema = z.object({
  member: who,
  staff: who,
  action: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const person = z.object({ id: z.number().int(), email: z.string() }).nullable();

/** One staff action as the log shows it; `before` and `after` are the JSON text kept with it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  address: z.string().nullable(),
  staff: person,
  action: z.string(),
  member: person,
  target_ref: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** Every action name in this site's log, for the filter's list. */
  actions: z.array(z.string()),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
