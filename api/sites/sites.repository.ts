import type { Insertable, Updateable } from "kysely";
import type { DbOrTx, Tx } from "../db/database";
import type { CompaniesTable, CreditBundlesTable, NewSite, SitesTable } from "../db/schema";

/**
 * Takes the site's row for the rest of the transaction (a no-op write: a row lock on PostgreSQL, the write lock on
 * SQLite), so that two applies at once run one after the other and the second finds the first's result.
 */
export function lockSite(db: Tx, siteId: number) {
  return db
    .updateTable("sites")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "=", siteId)
    .execute();
}

export function findSiteIdByDomain(db: DbOrTx, domain: string) {
  return db.selectFrom("site_domains").select("site_id").where("domain", "=", domain).executeTakeFirst();
}

/** The domains of `domains` that answer for a site other than `siteId` (null: any site). */
export async function domainsTakenElsewhere(db: DbOrTx, domains: string[], siteId: number | null) {
  const rows = await db
    .selectFrom("site_domains")
    .select(["domain", "site_id"])
    .where("domain", "in", domains)
    .execute();
  return rows.filter((row) => row.site_id !== siteId).map((row) => row.domain);
}

export async function loadStoredSite(db: DbOrTx, siteId: number) {
  const site = await db.selectFrom("sites").selectAll().where("id", "=", siteId).executeTakeFirstOrThrow();
  const [company, domains, bundles] = await Promise.all([
    db.selectFrom("companies").selectAll().where("id", "=", site.company_id).executeTakeFirstOrThrow(),
    db.selectFrom("site_domains").select("domain").where("site_id", "=", siteId).execute(),
    db
      .selectFrom("credit_bundles")
      .select(["id", "currency", "credits", "amount_cents", "position"])
      .where("site_id", "=", siteId)
      // A retired bundle (the admin area's) is off sale and out of the definition; payments keep naming it.
      .where("retired_at", "is", null)
      .execute(),
  ]);
  return { site, company, domains: domains.map((d) => d.domain), bundles };
}

export function listSites(db: DbOrTx) {
  return db
    .selectFrom("sites")
    .leftJoin("users", "users.site_id", "sites.id")
    .select(["sites.id", "sites.domain", "sites.name", (eb) => eb.fn.count<number>("users.id").as("members")])
    .groupBy(["sites.id", "sites.domain", "sites.name"])
    .orderBy("sites.id")
    .execute();
}

export function listSiteDomains(db: DbOrTx) {
  return db.selectFrom("site_domains").selectAll().orderBy("domain").execute();
}

export async function insertCompany(db: Tx, company: Insertable<CompaniesTable>) {
  return (await db.insertInto("companies").values(company).returning("id").executeTakeFirstOrThrow()).id;
}

export function updateCompany(db: Tx, id: number, company: Updateable<CompaniesTable>) {
  return db.updateTable("companies").set(company).where("id", "=", id).execute();
}

export async function insertSite(db: Tx, site: NewSite) {
  return (await db.insertInto("sites").values(site).returning("id").executeTakeFirstOrThrow()).id;
}

export function updateSite(db: Tx, id: number, site: Updateable<SitesTable>) {
  return db.updateTable("sites").set(site).where("id", "=", id).execute();
}

/** Makes the site answer for exactly these domains. */
export async function replaceDomains(db: Tx, siteId: number, domains: string[]) {
  await db.deleteFrom("site_domains").where("site_id", "=", siteId).where("domain", "not in", domains).execute();
  await db
    .insertInto("site_domains")
    .values(domains.map((domain) => ({ domain, site_id: siteId })))
    .onConflict((oc) => oc.column("domain").doNothing())
    .execute();
}

export function insertBundle(db: Tx, bundle: Insertable<CreditBundlesTable>) {
  return db.insertInto("credit_bundles").values(bundle).execute();
}

export function updateBundle(db: Tx, id: number, bundle: { credits: number; amount_cents: number }) {
  return db.updateTable("credit_bundles").set(bundle).where("id", "=", id).execute();
}

export function deleteBundles(db: Tx, ids: number[]) {
  return db.deleteFrom("credit_bundles").where("id", "in", ids).execute();
}

/** Bundles of `ids` that a payment or direct debit names: they cannot be removed. */
export async function bundlesInUse(db: DbOrTx, ids: number[]) {
  const [paid, debited] = await Promise.all([
    db.selectFrom("payments").select("bundle_id").where("bundle_id", "in", ids).execute(),
    db.selectFrom("direct_debit_requests").select("bundle_id").where("bundle_id", "in", ids).execute(),
  ]);
  return new Set([...paid, ...debited].map((row) => row.bundle_id));
}

export function insertInterests(db: Tx, interests: { slug: string; names: string }[]) {
  return db
    .insertInto("interests")
    .values(interests)
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

export function insertRegions(db: Tx, regions: { code: string; country: string; name: string }[]) {
  return db
    .insertInto("regions")
    .values(regions)
    .onConflict((oc) => oc.column("code").doNothing())
    .execute();
}

export function findAccount(db: DbOrTx, siteId: number, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "role"])
    .where("site_id", "=", siteId)
    .where("email", "=", email)
    .executeTakeFirst();
}
