import dns from "node:dns";
import https from "node:https";
import net from "node:net";

/**
 * Where pushes may go (docs/operations.md "Push"): a browser's subscription names a URL, and the server posts to it,
 * so it must not be a way to reach the server's own network. Only https on port 443 to the known push services, and
 * only to public addresses, checked when the connection is made.
 */

/** The browsers' push services: Chrome and its kin (FCM), Firefox, Safari, Edge. PUSH_SERVICE_HOSTS replaces it. */
export const defaultPushServiceHosts = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
  "*.notify.windows.com",
] as const;

/** Whether a subscription's endpoint is https, port 443, on one of `hosts` (`*.example.com`: any name under it). */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  const host = url.hostname;
  if (net.isIP(host.replace(/^\[|\]$/g, ""))) return false;
  return hosts.some((allowed) =>
    allowed.startsWith("*.") ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed,
  );
}

// Loopback, private, shared (CGNAT), link-local (the cloud metadata service), unique-local, multicast, reserved and
// documentation ranges, and the IPv6 forms that carry an IPv4 address: nothing a push service answers on. An
// IPv4-mapped IPv6 address (::ffff:127.0.0.1) is held to the IPv4 ranges by BlockList itself.
const nonPublic = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  nonPublic.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  nonPublic.addSubnet(address, prefix, "ipv6");

/** Whether an address is one on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The code of the error a push connection fails with when its host resolves to an address that is not public. */
export const addressRefused = "ERR_PUSH_ADDRESS_REFUSED";

/**
 * The lookup of the push connections: the system's answers, refused whole if any is not public. It runs for every
 * connection the agent opens, so a name that answered a public address once and a private one later (DNS rebinding)
 * is refused then too.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const why = refused ? `resolves to ${refused.address}` : "has no address";
      const failure = Object.assign(new Error(`push service ${hostname} ${why}, not a public address`), {
        code: addressRefused,
      });
      return callback(failure, "", 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const pushAgent = new https.Agent({ keepAlive: true, maxSockets: 16, lookup: publicOnlyLookup });

/** A push request as web-push makes it. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

/**
 * Posts a push and answers the push service's status. Through the guarded agent, unless `allowHttp` (tests with a
 * fake push service on 127.0.0.1). An endpoint with an address instead of a name never reaches the lookup, so it is
 * refused here.
 */
export async function postPush(request: PushRequest, allowHttp: boolean): Promise<number> {
  if (allowHttp) {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: new Uint8Array(request.body),
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    await answer.body?.cancel();
    return answer.status;
  }
  const url = new URL(request.endpoint);
  if (url.protocol !== "https:" || net.isIP(url.hostname.replace(/^\[|\]$/g, "")))
    throw Object.assign(new Error(`push endpoint ${url.host} is not an https name`), { code: addressRefused });
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      url,
      { method: request.method, headers: request.headers, agent: pushAgent, signal: AbortSignal.timeout(10_000) },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
        answer.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
