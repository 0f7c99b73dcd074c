import type { z } from "zod";
import type { discountCodeSchema } from "../../contract/account";
import { DAY } from "../../contract/durations";
import { type Db, nowIso } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { companyInfoFor } from "../settings/settings.service";
import * as repo from "./discounts.repository";

type DiscountCode = z.infer<typeof discountCodeSchema>;

/** How long a retention offer's code stays valid. */
const retentionDays = 30;

/**
 * A member about to delete their account takes one of the company's retention offers (delete_discount): a
 * discount code for their next purchase, which the payments feature redeems. Taking it twice gives the same code.
 */
export async function acceptRetentionOffer(
  db: Db,
  site: SiteRow,
  member: UserRow,
  offerIndex: number,
): Promise<DiscountCode> {
  const offers = (await companyInfoFor(db, site)).delete_discount;
  const offer = offers[offerIndex];
  if (!offer) throw new ApiError(404, "not_found", "No such offer");
  const code = `STAY${offer.percentage}-${offer.credits}`;
  // Taking the offer twice, even at once, gives the code once.
  await repo.insertDiscountCodeOnce(db, {
    user_id: member.id,
    code,
    country: null,
    value_percentage: offer.percentage,
    currency: null,
    status: "active",
    validity: "once-per-user",
    reason: `retention:${offer.credits}`,
    expires: new Date(Date.now() + retentionDays * DAY).toISOString(),
    created_at: nowIso(),
  });
  const row = await repo.findDiscountCode(db, member.id, code);
  return {
    code: row.code,
    country: row.country,
    user_id: row.user_id,
    expires: row.expires,
    value_percentage: row.value_percentage,
    currency: row.currency,
    minimum_order_value: row.minimum_order_value,
    status: row.status,
    validity: row.validity,
    expired: row.expires ? new Date(row.expires) < new Date() : false,
    paymentmethods: JSON.parse(row.paymentmethods),
  };
}
