import type { z } from "zod";
import type { AdminDiscountCode, adminDiscountCodeCreateSchema } from "../../contract/admin-settings";
import { recordStaffAction } from "../audit/staff-actions";
import { type DbOrTx, nowIso } from "../db/database";
import { ApiError } from "../errors";
import * as repo from "./discount-codes.repository";
import type { SaveContext } from "./settings-form.service";

/*
 * Discount codes for everyone on the site (issue 33, docs/product.md §3.8 and §6.9): made with a percentage, a
 * limit of uses and an expiry; listed with their uses; disabled (never deleted: payments name them). The payments
 * feature applies them (api/discounts/discounts.service.ts `usableCode`).
 */

type Row = Awaited<ReturnType<typeof repo.listSiteCodes>>[number];
const view = (row: Row): AdminDiscountCode => ({ ...row, uses: Number(row.uses ?? 0) });

export async function listCodes(db: DbOrTx, siteId: number) {
  return (await repo.listSiteCodes(db, siteId)).map(view);
}

async function oneCode(db: DbOrTx, siteId: number, id: number) {
  const [row] = await repo.listSiteCodes(db, siteId, id);
  if (!row) throw new ApiError(404, "not_found", "No such code");
  return view(row);
}

/** A new code; 409 `discount_code_taken` when the site has one of that name (also when two are made at once). */
export function createCode(context: SaveContext, body: z.output<typeof adminDiscountCodeCreateSchema>) {
  return context.db.transaction().execute(async (trx) => {
    const id = await repo.insertSiteCode(trx, {
      site_id: context.site.id,
      code: body.code,
      value_percentage: body.value_percentage,
      country: body.country,
      currency: body.currency,
      minimum_order_value: body.minimum_order_value,
      max_uses: body.max_uses,
      // The end of the day chosen, UTC.
      expires: body.expires ? `${body.expires}T23:59:59.999Z` : null,
      reason: "admin",
      created_at: nowIso(),
    });
    if (id === null)
      throw new ApiError(409, "discount_code_taken", "The site has a code of that name", {
        fields: { code: "admin.discounts.errors.taken" },
      });
    const code = await oneCode(trx, context.site.id, id);
    await recordStaffAction(trx, {
      siteId: context.site.id,
      staffId: context.staffId,
      action: "discount.create",
      targetRef: `discount:${id}`,
      after: code,
      address: context.address,
    });
    return code;
  });
}

export function disableCodeById(context: SaveContext, id: number) {
  return context.db.transaction().execute(async (trx) => {
    const before = await oneCode(trx, context.site.id, id);
    const disabled = await repo.disableCode(trx, context.site.id, id, nowIso());
    // Disabling twice changes nothing and records nothing.
    if (Number(disabled.numUpdatedRows) === 1)
      await recordStaffAction(trx, {
        siteId: context.site.id,
        staffId: context.staffId,
        action: "discount.disable",
        targetRef: `discount:${id}`,
        before: { disabled_at: before.disabled_at },
        after: { disabled_at: nowIso() },
        address: context.address,
      });
    return oneCode(trx, context.site.id, id);
  });
}

export async function codeUses(db: DbOrTx, siteId: number, id: number) {
  const code = await oneCode(db, siteId, id);
  const payments = await repo.paymentsWithCode(db, siteId, id);
  return { code, payments };
}
