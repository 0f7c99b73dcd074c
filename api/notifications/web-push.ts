/**
 * web-push, loaded at the first push sent or site set up, not at start: with its ASN.1 and big-number modules, 1.5 MB
 * of heap that a process which sends no push never needs.
 */
export const webPush = async () => (await import("web-push")).default;
