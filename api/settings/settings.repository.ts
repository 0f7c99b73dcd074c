import type { DbOrTx } from "../db/database";

export function findSiteByDomain(db: DbOrTx, domain: string) {
  return db
    .selectFrom("site_domains")
    .innerJoin("sites", "sites.id", "site_domains.site_id")
    .selectAll("sites")
    .where("site_domains.domain", "=", domain)
    .executeTakeFirst();
}

export function findCompany(db: DbOrTx, companyId: number) {
  return db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow();
}

export function listInterests(db: DbOrTx) {
  return db.selectFrom("interests").selectAll().orderBy("id").execute();
}

export function listRegions(db: DbOrTx, countries: string[]) {
  if (countries.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("regions")
    .selectAll()
    .where("country", "in", countries)
    .orderBy("country")
    .orderBy("name")
    .execute();
}
