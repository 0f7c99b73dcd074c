/**
 * The auth cookie's name (README "Sessions"). In production it is `__Host-` prefixed, so the browser keeps it only
 * when it is Secure, host-only and for path /: no subdomain or plain-http page can plant or overwrite it. In
 * development, over plain http, it is `sid`.
 */
export function sessionCookieName(production: boolean): string {
  return production ? "__Host-sid" : "sid";
}
