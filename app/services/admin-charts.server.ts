import type { ChartView } from "~/components/admin/bar-chart";
import type { CommonKey } from "~/i18n/keys";
import type { AdminActivity, Daily } from "../../contract/admin-overview";
import { formatDate } from "./dates";
import { formatMoney } from "./money";

type Translate = (key: CommonKey, values?: Record<string, unknown>) => string;

/**
 * The overview's charts as the page draws them (docs/product.md §6.9): titles, labels, days and values written here
 * in the page's language, so the page's script carries no formatting code.
 */
export function activityCharts(activity: AdminActivity, locale: string, t: Translate): ChartView[] {
  const number = new Intl.NumberFormat(locale);
  const dayText = (day: string) => formatDate(locale, "day", `${day}T12:00:00Z`);
  const from = dayText(activity.from);
  const to = dayText(activity.to);
  const chart = (key: string, title: string, daily: Daily, format: (n: number) => string, valueLabel: string) => {
    const max = Math.max(0, ...daily.map((d) => d.value));
    const total = daily.reduce((sum, d) => sum + d.value, 0);
    return {
      key,
      title,
      label: t("admin.activity.chartLabel", { title, from, to, total: format(total) }),
      dayLabel: t("admin.activity.day"),
      valueLabel,
      maxText: format(max),
      rows: daily.map((d) => ({
        day: d.day,
        dayText: dayText(d.day),
        valueText: format(d.value),
        height: max > 0 ? (d.value / max) * 96 : 0,
      })),
    };
  };
  const count = (n: number) => number.format(n);
  const counts: [string, CommonKey, Daily][] = [
    ["signups", "admin.activity.signups", activity.signups],
    ["activations", "admin.activity.activations", activity.activations],
    ["first-purchases", "admin.activity.firstPurchases", activity.first_purchases],
    ["messages", "admin.activity.messages", activity.messages],
    ["reports", "admin.activity.reports", activity.reports],
  ];
  return [
    ...counts.map(([key, title, daily]) => chart(key, t(title), daily, count, t("admin.activity.value"))),
    ...(["revenue", "refunds"] as const).flatMap((kind) =>
      activity[kind].map(({ currency, daily }) =>
        chart(
          `${kind}-${currency}`,
          t(`admin.activity.${kind}`, { currency }),
          daily,
          (cents) => formatMoney(locale, { cents, currency }),
          t("admin.payments.amount"),
        ),
      ),
    ),
  ];
}
