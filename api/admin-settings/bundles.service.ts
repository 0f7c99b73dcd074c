import type { z } from "zod";
import type {
  AdminBundle,
  adminBundleCreateSchema,
  adminBundleRetirementSchema,
  adminBundleUpdateSchema,
} from "../../contract/admin-settings";
import { recordStaffAction } from "../audit/staff-actions";
import { type DbOrTx, nowIso, type Tx } from "../db/database";
import { ApiError } from "../errors";
import { siteSettingsChanged } from "../settings/settings-changes";
import { lockSite } from "../sites/sites.repository";
import * as repo from "./bundles.repository";
import type { SaveContext } from "./settings-form.service";

/*
 * Credit bundles and their prices per currency (issue 33, docs/product.md §6.9): added, edited, retired and put back
 * on sale. A bundle is never deleted here: payments name it. Each change is one transaction with its audit row and
 * the settings version (pages cache what the site sells).
 */

export async function listAdminBundles(db: DbOrTx, siteId: number): Promise<AdminBundle[]> {
  const rows = await repo.listBundlesWithUse(db, siteId);
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    credits: row.credits,
    price_cents: row.amount_cents,
    position: row.position,
    retired_at: row.retired_at,
    payments: Number(row.payments ?? 0),
  }));
}

async function bundleView(trx: Tx, siteId: number, id: number) {
  return (await listAdminBundles(trx, siteId)).find((b) => b.id === id)!;
}

async function inSiteTransaction<T>(context: SaveContext, work: (trx: Tx) => Promise<T>): Promise<T> {
  return context.db.transaction().execute(async (trx) => {
    await lockSite(trx, context.site.id);
    const result = await work(trx);
    await siteSettingsChanged(trx);
    return result;
  });
}

const audit = (trx: Tx, context: SaveContext, action: string, id: number, before: unknown, after: unknown) =>
  recordStaffAction(trx, {
    siteId: context.site.id,
    staffId: context.staffId,
    action,
    targetRef: `bundle:${id}`,
    before,
    after,
    address: context.address,
  });

export function addBundle(context: SaveContext, body: z.output<typeof adminBundleCreateSchema>) {
  return inSiteTransaction(context, async (trx) => {
    const position = await repo.nextPosition(trx, context.site.id, body.currency);
    const id = await repo.insertBundle(trx, {
      site_id: context.site.id,
      currency: body.currency,
      credits: body.credits,
      amount_cents: body.price_cents,
      position,
    });
    const bundle = await bundleView(trx, context.site.id, id);
    await audit(trx, context, "bundle.add", id, null, bundle);
    return bundle;
  });
}

async function existing(trx: Tx, siteId: number, id: number) {
  const row = await repo.findBundle(trx, siteId, id);
  if (!row) throw new ApiError(404, "not_found", "No such bundle");
  return row;
}

/** A bundle's credits, price and place; a payment keeps the credits and price it was made with. */
export function editBundle(context: SaveContext, body: z.output<typeof adminBundleUpdateSchema>) {
  return inSiteTransaction(context, async (trx) => {
    const before = await existing(trx, context.site.id, body.id);
    await repo.updateBundle(trx, body.id, {
      credits: body.credits,
      amount_cents: body.price_cents,
      position: body.position,
    });
    await audit(
      trx,
      context,
      "bundle.update",
      body.id,
      { credits: before.credits, price_cents: before.amount_cents, position: before.position },
      { credits: body.credits, price_cents: body.price_cents, position: body.position },
    );
    return bundleView(trx, context.site.id, body.id);
  });
}

/** Off sale (members no longer see it) or back on sale. */
export function retireBundle(context: SaveContext, body: z.output<typeof adminBundleRetirementSchema>) {
  return inSiteTransaction(context, async (trx) => {
    const before = await existing(trx, context.site.id, body.id);
    const retiredAt = body.retired ? (before.retired_at ?? nowIso()) : null;
    await repo.updateBundle(trx, body.id, { retired_at: retiredAt });
    await audit(
      trx,
      context,
      body.retired ? "bundle.retire" : "bundle.unretire",
      body.id,
      { retired_at: before.retired_at },
      { retired_at: retiredAt },
    );
    return bundleView(trx, context.site.id, body.id);
  });
}
