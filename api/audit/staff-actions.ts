import { type DbOrTx, nowIso } from "../db/database";

/** One staff action for the audit log (docs/product.md §6.9): run it in the transaction of the change it records. */
export interface StaffAction {
  siteId: number;
  /** Null for the operator's own tools (`site apply` and `site export`, api/sites/site-file-sync.ts). */
  staffId: number | null;
  /** What was done, as a dotted name: `member.suspend`, `payment.refund`, `settings.update`, `photo.approve`… */
  action: string;
  targetUserId?: number | null;
  /** What else it was on: `payment:12`, `bundle:3`, `setting:message_price`. */
  targetRef?: string | null;
  reason?: string | null;
  /** The values before and after, kept as JSON; only what changed, never a secret. */
  before?: unknown;
  after?: unknown;
  /** The staff member's address (`req.ip`). */
  address?: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Adds the action to the audit log; rows are never changed or removed. */
export async function recordStaffAction(db: DbOrTx, action: StaffAction): Promise<void> {
  await db
    .insertInto("staff_actions")
    .values({
      site_id: action.siteId,
      staff_id: action.staffId,
      action: action.action,
      target_user_id: action.targetUserId ?? null,
      target_ref: action.targetRef ?? null,
      reason: action.reason ?? null,
      before_json: json(action.before),
      after_json: json(action.after),
      address: action.address ?? null,
      created_at: nowIso(),
    })
    .execute();
}
