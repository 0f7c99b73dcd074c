/** Terms version date (docs/product.md §9): 2023-12-01 12:00 UTC, or the company's added date if that is later. */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const floor = new Date("2023-12-01T12:00:00Z");
  const added = companyAdded ? new Date(companyAdded) : null;
  return added && !Number.isNaN(added.getTime()) && added > floor ? added : floor;
}

/** A phone number for tel: links: without dashes and spaces (docs/product.md §9). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, "");
}

/** A count badge's text: above 99 it shows 99+ (docs/product.md §9); numbers as the member's language writes them. */
export function badgeCount(count: number, format: (value: number) => string = String): string {
  return count > 99 ? `${format(99)}+` : format(count);
}

/** The credits badge: shown at 10 or fewer, warning above 0, danger at 0 (docs/product.md §2, §9). */
export function creditsBadgeTone(credits: number): "warning" | "danger" | null {
  if (credits > 10) return null;
  return credits > 0 ? "warning" : "danger";
}

const countPrefix = /^\(\d+\+?\) /;

/**
 * The page title with the unread messages plus new likes in brackets (docs/product.md §4.13): one prefix, the current
 * count's (an older one is replaced, and removed at 0); above 99 "(99+)", as the badges say it.
 */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(countPrefix, "");
  return count > 0 ? `(${count > 99 ? "99+" : count}) ${bare}` : bare;
}

/** docs/product.md §9: a deleted account can be reactivated within 14 days (api/accounts/lifecycle.service.ts). */
export const deletionDays = 14;
