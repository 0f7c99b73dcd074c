/** Whether an address is this machine's (behind the trusted proxy, `req.ip` is the browser's). */
export function isLoopback(address: string | undefined): boolean {
  return Boolean(address && /^(?:127\.|::ffff:127\.|::1$)/.test(address));
}
