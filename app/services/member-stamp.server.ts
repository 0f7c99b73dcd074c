import { createHash } from "node:crypto";
import type { User } from "../../contract/user";

/**
 * A short fingerprint of everything `/api/user.php` says of the member (counts, credits, photo, status, time bonus):
 * the root loader hands it to the page, and the poll (`/member-state`, app/hooks/use-polling.ts) compares it with a
 * fresh one, reading the page's loaders again only when something moved (docs/product.md §7.3).
 */
export function memberStamp(member: User): string {
  return createHash("sha1").update(JSON.stringify(member)).digest("base64url").slice(0, 16);
}
