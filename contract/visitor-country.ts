/**
 * The visitor's country from Cloudflare's CF-IPCountry header: only when the site is configured to be behind
 * Cloudflare (TRUST_CF_HEADERS=true), since anyone can send the header, and only as two capital letters, since it
 * becomes part of cache keys and settings.
 */
export function visitorCountry(header: string | null | undefined, trusted: boolean): string | null {
  return trusted && header && /^[A-Z]{2}$/.test(header) ? header : null;
}
