import type { DbOrTx } from "../db/database";
import { visibleProfiles } from "../members/members.repository";

/** Ids of members anyone may see (docs/product.md §4.2), the most recently active first. */
export async function listVisibleMemberIds(db: DbOrTx, siteId: number, limit: number): Promise<number[]> {
  const rows = await visibleProfiles(db, siteId, null)
    .select("users.id")
    .orderBy("users.last_seen_at", "desc")
    .orderBy("users.id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
