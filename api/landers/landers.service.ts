import { DAY } from "../../contract/durations";
import {
  type LanderReport,
  type LanderReportRow,
  type LanderVisit,
  landerNames,
  landerReportMaxDays,
} from "../../contract/landers";
import type { Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { requireModerator } from "../photos/photos.service";
import * as repo from "./landers.repository";

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY));

/** POST lander-visit.php: counts one first visit to a lander today (UTC). Nothing about the visitor is kept. */
export function recordVisit(db: Db, site: SiteRow, visit: LanderVisit, now = new Date()) {
  return repo.countVisit(db, {
    site_id: site.id,
    day: dayOf(now),
    lander: visit.lander,
    slug: visit.slug ?? "",
    network: visit.network ?? "",
    ref: visit.ref ?? "",
  });
}

/**
 * The period a report covers: the days asked for, by default the 30 days up to today; at most a year, counted back
 * from its end.
 */
export function reportPeriod(query: { from?: string; to?: string }, now = new Date()) {
  const to = query.to ?? dayOf(now);
  const earliest = addDays(to, -(landerReportMaxDays - 1));
  const from = query.from ?? addDays(to, -29);
  return { from: from < earliest ? earliest : from, to };
}

/**
 * GET lander-report.php (docs/product.md §6.7): per lander, slug and traffic source, the first visits recorded and
 * the signups that came through it in the period, with how many were activated. For the site's moderators.
 */
export async function landerReport(
  db: Db,
  site: SiteRow,
  moderator: UserRow,
  query: { from?: string; to?: string },
): Promise<LanderReport> {
  requireModerator(moderator);
  const { from, to } = reportPeriod(query);
  const [visits, signups] = await Promise.all([
    repo.visitsBetween(db, site.id, from, to),
    repo.signupsBetween(db, site.id, `${from}T00:00:00.000Z`, `${addDays(to, 1)}T00:00:00.000Z`),
  ]);
  const rows = new Map<string, LanderReportRow>();
  const rowFor = (r: { lander: string; slug: string; network: string; ref: string }) => {
    const key = JSON.stringify([r.lander, r.slug, r.network, r.ref]);
    let row = rows.get(key);
    if (!row) {
      row = {
        lander: r.lander as LanderReportRow["lander"],
        slug: r.slug,
        network: r.network,
        ref: r.ref,
        visits: 0,
        signups: 0,
        activations: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const v of visits) rowFor(v).visits += Number(v.visits);
  // A tracking cookie a visitor made up may name no lander: only real ones are reported.
  for (const s of signups.filter((s) => (landerNames as readonly string[]).includes(s.lander))) {
    const row = rowFor(s);
    row.signups += Number(s.signups);
    row.activations += Number(s.activations);
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.visits - a.visits ||
      b.signups - a.signups ||
      a.lander.localeCompare(b.lander) ||
      a.slug.localeCompare(b.slug) ||
      a.network.localeCompare(b.network) ||
      a.ref.localeCompare(b.ref),
  );
  const totals = { visits: 0, signups: 0, activations: 0 };
  for (const row of sorted) {
    totals.visits += row.visits;
    totals.signups += row.signups;
    totals.activations += row.activations;
  }
  return { from, to, rows: sorted, totals };
}
