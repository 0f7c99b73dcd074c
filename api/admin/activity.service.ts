import { sql } from "kysely";
import type { AdminActivity, Daily, OverviewPeriod } from "../../contract/admin-overview";
import { DAY } from "../../contract/durations";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";

/** The day of an ISO timestamp: its first ten characters, the same SQL on SQLite and PostgreSQL. */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

type Counted = { day: string; value: number | string | bigint | null }[];

/** Every day of the period in order, zero where the query found nothing. */
function everyDay(days: readonly string[], rows: Counted): Daily {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.value ?? 0)]));
  return days.map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}

/**
 * The admin overview's activity per day (docs/product.md §6.9) over the last 7, 30 or 90 days up to today (UTC):
 * signups, activations, first purchases, revenue and refunds per currency, messages and reports opened; and the
 * reports open now. Each is one GROUP BY on the day part of an ISO text timestamp.
 */
export async function adminActivity(
  db: Db,
  site: SiteRow,
  period: OverviewPeriod,
  now = Date.now(),
): Promise<AdminActivity> {
  const days = Array.from({ length: period }, (_, i) =>
    new Date(now - (period - 1 - i) * DAY).toISOString().slice(0, 10),
  );
  const from = days[0]!;

  const [signups, activations, firstPurchases, revenue, refunds, messages, reports, open] = await Promise.all([
    db
      .selectFrom("users")
      .select([dayOf("signup_date").as("day"), (eb) => eb.fn.countAll<number>().as("value")])
      .where("site_id", "=", site.id)
      .where("signup_date", ">=", from)
      .groupBy(dayOf("signup_date"))
      .execute(),
    db
      .selectFrom("users")
      .select([dayOf("activated_at").as("day"), (eb) => eb.fn.countAll<number>().as("value")])
      .where("site_id", "=", site.id)
      .where("activated_at", ">=", from)
      .groupBy(dayOf("activated_at"))
      .execute(),
    db
      .selectFrom(
        db
          .selectFrom("payments")
          .select(["user_id", (eb) => eb.fn.min("paid_at").as("first_paid_at")])
          .where("site_id", "=", site.id)
          .where("status", "=", "paid")
          .groupBy("user_id")
          .as("firsts"),
      )
      .select([dayOf("first_paid_at").as("day"), (eb) => eb.fn.countAll<number>().as("value")])
      .where("first_paid_at", ">=", from)
      .groupBy(dayOf("first_paid_at"))
      .execute(),
    db
      .selectFrom("payments")
      .select([dayOf("paid_at").as("day"), "currency", (eb) => eb.fn.sum<number>("amount_cents").as("value")])
      .where("site_id", "=", site.id)
      .where("status", "=", "paid")
      .where("paid_at", ">=", from)
      .groupBy([dayOf("paid_at"), "currency"])
      .execute(),
    // A refund's row is last written when the provider confirms it (api/payments/refunds.repository.ts settleRefund).
    db
      .selectFrom("refunds as r")
      .innerJoin("payments as p", "p.id", "r.payment_id")
      .select([dayOf("r.updated_at").as("day"), "r.currency", (eb) => eb.fn.sum<number>("r.amount_cents").as("value")])
      .where("p.site_id", "=", site.id)
      .where("r.status", "=", "refunded")
      .where("r.updated_at", ">=", from)
      .groupBy([dayOf("r.updated_at"), "r.currency"])
      .execute(),
    db
      .selectFrom("messages as m")
      .innerJoin("conversations as c", "c.id", "m.conversation_id")
      .select([dayOf("m.created_at").as("day"), (eb) => eb.fn.countAll<number>().as("value")])
      .where("c.site_id", "=", site.id)
      .where("m.created_at", ">=", from)
      .groupBy(dayOf("m.created_at"))
      .execute(),
    db
      .selectFrom("reports")
      .select([dayOf("opened_at").as("day"), (eb) => eb.fn.countAll<number>().as("value")])
      .where("site_id", "=", site.id)
      .where("opened_at", ">=", from)
      .groupBy(dayOf("opened_at"))
      .execute(),
    db
      .selectFrom("reports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site_id", "=", site.id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow(),
  ]);
  const perCurrency = (rows: (Counted[number] & { currency: string })[]) =>
    [...new Set(rows.map((r) => r.currency))].sort().map((currency) => ({
      currency,
      daily: everyDay(
        days,
        rows.filter((r) => r.currency === currency),
      ),
    }));
  return {
    days: period,
    from,
    to: days.at(-1)!,
    signups: everyDay(days, signups),
    activations: everyDay(days, activations),
    first_purchases: everyDay(days, firstPurchases),
    messages: everyDay(days, messages),
    reports: everyDay(days, reports),
    revenue: perCurrency(revenue),
    refunds: perCurrency(refunds),
    open_reports: Number(open.n),
  };
}
