import type { z } from "zod";
import type { discountCodeSchema } from "../../contract/account";
import { DAY } from "../../contract/durations";
import { discountedCents } from "../../contract/payments";
import { type Db, type DbOrTx, nowIso } from "../db/database";
import type { DiscountCodeRow, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { companyInfoFor } from "../settings/settings.service";
import * as repo from "./discounts.repository";

type DiscountCode = z.infer<typeof discountCodeSchema>;

/** How long a retention offer's code stays valid. */
const retentionDays = 30;

/** The welcome bonus (docs/product.md §4.9): TIMEBONUS25, 25 % off the first purchase, within 4 hours of signing up. */
export const welcomeDiscount = { code: "TIMEBONUS25", percentage: 25, windowSeconds: 14400, validity: "once-per-user" };

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
  return discountCodeView(await repo.findDiscountCode(db, member.id, code));
}

/** A code as docs/product.md §3.8 describes it. */
export function discountCodeView(row: DiscountCodeRow): DiscountCode {
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
    expired: isExpired(row),
    paymentmethods: JSON.parse(row.paymentmethods),
  };
}

const isExpired = (row: Pick<DiscountCodeRow, "expires">) => Boolean(row.expires && row.expires <= nowIso());

export interface Order {
  amountCents: number;
  currency: string;
  country: string;
  method?: string;
}

/**
 * The code a member typed, if it applies to this order (docs/product.md §5.7): for their country and currency, at
 * least the minimum order value, for the chosen method, not expired, and not used by them before. A code is used
 * only when its payment is paid.
 */
export async function usableCode(db: DbOrTx, member: UserRow, typed: string, order: Order): Promise<DiscountCodeRow> {
  const row = await repo.findUsableCode(db, member, typed.trim().toUpperCase());
  const notFound = () => new ApiError(404, "discount_not_found", "Code not found");
  if (!row || isExpired(row) || row.status === "expired" || row.disabled_at) throw notFound();
  if (row.status === "used" || (await repo.paidWithCode(db, member.id, row.id)))
    throw new ApiError(409, "discount_used", "Code already used");
  // An admin's limit on uses (docs/product.md §3.8), counted over everyone's paid payments.
  if (row.max_uses !== null && (await repo.paidUses(db, row.id)) >= row.max_uses)
    throw new ApiError(409, "discount_used", "Code already used");
  if (row.reason === "welcome" && (member.paid_user || timeBonusEnds(member) <= nowIso())) throw notFound();
  await refuseHeldCode(db, member, row);
  const methods: string[] = JSON.parse(row.paymentmethods);
  const applies =
    (!row.country || row.country === order.country) &&
    (!row.currency || row.currency === order.currency) &&
    order.amountCents >= Math.round(row.minimum_order_value * 100) &&
    (!order.method || methods.length === 0 || methods.includes(order.method));
  if (!applies) throw notFound();
  return row;
}

/**
 * A code is held by one payment of the member at a time (docs/product.md §3.8): while another is open or pending
 * with it, or was paid with it, it is "Code already used". The member's own unfinished payment is named, so the
 * page can send them to finish or cancel it.
 */
export async function refuseHeldCode(db: DbOrTx, member: UserRow, code: Pick<DiscountCodeRow, "id">) {
  const holder = await repo.findCodeHolder(db, member.id, code.id);
  if (holder)
    throw new ApiError(
      409,
      "discount_used",
      "Code already used",
      holder.status === "paid" ? {} : { payment: holder.id },
    );
}

/** When a member's time bonus ends: 4 hours after they signed up (docs/product.md §4.9). */
export const timeBonusEnds = (member: Pick<UserRow, "signup_date">) =>
  new Date(Date.parse(member.signup_date) + welcomeDiscount.windowSeconds * 1000).toISOString();

export interface TimeBonus {
  code: string;
  value_percentage: number;
  expires: string;
}

/**
 * The time bonus (docs/product.md §4.9): 25 % off for a member who never paid, until 4 hours after their signup,
 * unless they already paid with their welcome code; null otherwise. Applied to their first purchase without typing it.
 * It follows the signup time, not a code row: a member whose row is missing (the demo's, seeded) has it all the same.
 */
export async function activeTimeBonus(db: DbOrTx, member: UserRow): Promise<TimeBonus | null> {
  if (member.paid_user) return null;
  const expires = timeBonusEnds(member);
  if (expires <= nowIso()) return null;
  const row = await repo.findWelcomeCode(db, member.id);
  if (row && row.status !== "active") return null;
  return {
    code: row?.code ?? welcomeDiscount.code,
    value_percentage: row?.value_percentage ?? welcomeDiscount.percentage,
    expires,
  };
}

/**
 * The time bonus as the code a payment holds: the member's welcome code, written now if they have none yet (signup
 * writes it; the demo's seeded members have none).
 */
export async function timeBonusCode(db: DbOrTx, member: UserRow): Promise<DiscountCodeRow | null> {
  const bonus = await activeTimeBonus(db, member);
  if (!bonus) return null;
  await repo.insertDiscountCodeOnce(db, {
    user_id: member.id,
    code: welcomeDiscount.code,
    country: null,
    value_percentage: welcomeDiscount.percentage,
    currency: null,
    status: "active",
    validity: welcomeDiscount.validity,
    reason: "welcome",
    expires: bonus.expires,
    created_at: nowIso(),
  });
  const row = await repo.findWelcomeCode(db, member.id);
  return row ? { ...row, expires: bonus.expires } : null;
}

/** The price after a percentage off, rounded to the cent in the payer's favour: the rule the pages show too. */
export const discounted = discountedCents;
