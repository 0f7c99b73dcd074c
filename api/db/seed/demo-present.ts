import type { DbOrTx } from "../database";
import { demoAddresses } from "./demo-addresses";
import { demoCompany } from "./demo-site";

/**
 * The demo site (the one answering for localhost, README "Demo logins") as a start finds it (docs/operations.md
 * "First start"). The seed makes it whole in one transaction; an interrupted first start of an older version, which
 * wrote the site and its members in two, could leave the site without its members. Such a site is "half made" when
 * nobody has used it since: its company is still the demo's, every account on it is one the seed makes, and none of
 * them has a session. The next seed completes it. One that was used is left alone and only reported.
 */
export type DemoSite =
  | { state: "absent" }
  | { state: "whole" }
  | { state: "half made"; siteId: number; present: Set<string> }
  | { state: "half made, in use"; missing: number };

export async function findDemoSite(db: DbOrTx): Promise<DemoSite> {
  const siteId = await demoSiteId(db);
  if (siteId === undefined) return { state: "absent" };
  const addresses = demoAddresses();
  const present = new Set(
    (
      await db
        .selectFrom("users")
        .select("email")
        .where("site_id", "=", siteId)
        .where("email", "in", addresses)
        .execute()
    ).map((user) => user.email),
  );
  if (present.size === addresses.length) return { state: "whole" };
  const missing = addresses.length - present.size;
  return (await usedSince(db, siteId))
    ? { state: "half made, in use", missing }
    : { state: "half made", siteId, present };
}

/** The site answering for localhost; else a site row for localhost whose domains were never written. */
async function demoSiteId(db: DbOrTx): Promise<number | undefined> {
  const byDomain = await db
    .selectFrom("site_domains")
    .select("site_id")
    .where("domain", "=", "localhost")
    .executeTakeFirst();
  if (byDomain) return byDomain.site_id;
  return (await db.selectFrom("sites").select("id").where("domain", "=", "localhost").executeTakeFirst())?.id;
}

/** Whether anyone has used the site since it was seeded: its company changed, an account of its own, a session. */
async function usedSince(db: DbOrTx, siteId: number): Promise<boolean> {
  const company = await db
    .selectFrom("sites")
    .innerJoin("companies", "companies.id", "sites.company_id")
    .select("companies.kvk")
    .where("sites.id", "=", siteId)
    .executeTakeFirst();
  if (company?.kvk !== demoCompany.kvk) return true;
  const account = await db
    .selectFrom("users")
    .select("id")
    .where("site_id", "=", siteId)
    .where("email", "not in", demoAddresses())
    .executeTakeFirst();
  if (account) return true;
  const session = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select("sessions.id")
    .where("users.site_id", "=", siteId)
    .executeTakeFirst();
  return Boolean(session);
}
