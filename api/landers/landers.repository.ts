import { type RawBuilder, sql } from "kysely";
import { type DbOrTx, isPostgres } from "../db/database";

/** One first visit more for its day, lander, slug and traffic source: one atomic upsert, so none is lost. */
export function countVisit(
  db: DbOrTx,
  visit: { site_id: number; day: string; lander: string; slug: string; network: string; ref: string },
) {
  return db
    .insertInto("lander_visits")
    .values({ ...visit, visits: 1 })
    .onConflict((oc) =>
      oc
        .columns(["site_id", "day", "lander", "slug", "network", "ref"])
        .doUpdateSet((eb) => ({ visits: eb("lander_visits.visits", "+", 1) })),
    )
    .execute();
}

/** Visits per lander, slug and traffic source over whole days, both ends included. */
export function visitsBetween(db: DbOrTx, siteId: number, fromDay: string, toDay: string) {
  return db
    .selectFrom("lander_visits")
    .select(["lander", "slug", "network", "ref"])
    .select((eb) => eb.fn.sum<number>("visits").as("visits"))
    .where("site_id", "=", siteId)
    .where("day", ">=", fromDay)
    .where("day", "<=", toDay)
    .groupBy(["lander", "slug", "network", "ref"])
    .execute();
}

/** A text field of users.tracking (JSON), "" when absent: the two databases read JSON differently. */
function trackingField(db: DbOrTx, key: "lander" | "slug" | "network" | "ref"): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`coalesce(cast(tracking as jsonb) ->> ${sql.lit(key)}, '')`
    : sql<string>`coalesce(json_extract(tracking, ${sql.lit(`$.${key}`)}), '')`;
}

/**
 * Signups that came through a lander between two instants (signup_date, ISO text), per lander, slug and traffic
 * source, with how many of them were activated. Purged accounts have lost their tracking and drop out.
 */
export function signupsBetween(db: DbOrTx, siteId: number, fromIso: string, untilIso: string) {
  const lander = trackingField(db, "lander");
  const slug = trackingField(db, "slug");
  const network = trackingField(db, "network");
  const ref = trackingField(db, "ref");
  return db
    .selectFrom("users")
    .select([lander.as("lander"), slug.as("slug"), network.as("network"), ref.as("ref")])
    .select((eb) => [eb.fn.countAll<number>().as("signups"), eb.fn.count<number>("activated_at").as("activations")])
    .where("site_id", "=", siteId)
    .where("signup_date", ">=", fromIso)
    .where("signup_date", "<", untilIso)
    .where("tracking", "is not", null)
    .where(lander, "<>", "")
    .groupBy([lander, slug, network, ref])
    .execute();
}
