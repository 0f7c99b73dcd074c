import type { Db } from "../db/database";

export function findSiteByDomain(db: Db, domain: string) {
  return db
    .selectFrom("site_domains")
    .innerJoin("sites", "sites.id", "site_domains.site_id")
    .selectAll("sites")
    .where("site_domains.domain", "=", domain)
    .executeTakeFirst();
}

export function findCompany(db: Db, companyId: number) {
  return db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow();
}

export function listInterests(db: Db) {
  return db.selectFrom("interests").selectAll().orderBy("id").execute();
}

export function listRegions(db: Db, countries: string[]) {
  if (countries.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("regions")
    .selectAll()
    .where("country", "in", countries)
    .orderBy("country")
    .orderBy("name")
    .execute();
}
