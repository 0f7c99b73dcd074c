import { sitemapMemberLimit } from "../../contract/seo";
import type { Db } from "../db/database";
import type { SiteRow } from "../db/schema";
import * as repo from "./seo.repository";

/**
 * The members a sitemap lists (docs/product.md §2.21): only where the site lets search engines index pages about one
 * member, and only members anyone may see, so a hidden, invisible or barred member is never announced.
 */
export async function sitemapMembers(db: Db, site: SiteRow): Promise<number[]> {
  if (site.index_member_pages !== 1) return [];
  return repo.listVisibleMemberIds(db, site.id, sitemapMemberLimit);
}
