import type { DbOrTx } from "../database";

/** Whether the database holds the demo site: the one answering for localhost (README "Demo logins"). */
export async function hasDemoSite(db: DbOrTx): Promise<boolean> {
  return Boolean(
    await db.selectFrom("site_domains").select("domain").where("domain", "=", "localhost").executeTakeFirst(),
  );
}
