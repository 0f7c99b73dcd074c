import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error: http_ece ships no types; it is the decryption web-push's own encryption is tested against.
import ece from "http_ece";

/**
 * A local stand-in for a browser's push service (FCM, Mozilla's autopush), for tests. Each `browser()` is a
 * subscription with its own P-256 key pair and auth secret, as PushSubscription.toJSON() gives it. A push posted to
 * it must carry a valid VAPID signature (RFC 8292) for the key the test expects; its aes128gcm body (RFC 8291) is
 * decrypted with the browser's private key, so a test reads what the service worker would be given.
 */
export interface FakePushService {
  browser(): FakeBrowser;
  close(): Promise<void>;
}

export interface FakeBrowser {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The decrypted pushes this browser received, in order. */
  received: unknown[];
  /** Pushes refused for a bad signature or a key other than `vapidKey`. */
  refused: number;
  /** The VAPID public key the site must sign with (the applicationServerKey it subscribed with). */
  vapidKey?: string;
  /** Answer every push with this status: 410 plays a browser that unsubscribed. */
  answer: number;
}

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, FakeBrowser & { ecdh: crypto.ECDH }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const browser = browsers.get(req.url ?? "");
      if (!browser || req.method !== "POST") return res.writeHead(404).end();
      const key = signedBy(req, `http://${req.headers.host}`);
      if (!key || (browser.vapidKey && key !== browser.vapidKey)) {
        browser.refused++;
        return res.writeHead(403).end();
      }
      if (browser.answer >= 300) return res.writeHead(browser.answer).end();
      const auth = browser.subscription.keys.auth;
      const body = ece.decrypt(Buffer.concat(chunks), {
        version: "aes128gcm",
        privateKey: browser.ecdh,
        authSecret: auth,
      });
      browser.received.push(JSON.parse(body.toString("utf8")));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    browser() {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const path = `/push/${crypto.randomUUID()}`;
      const browser = {
        ecdh,
        subscription: {
          endpoint: `http://127.0.0.1:${port}${path}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: crypto.randomBytes(16).toString("base64url"),
          },
        },
        received: [],
        refused: 0,
        answer: 201,
      };
      browsers.set(path, browser);
      return browser;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The VAPID public key that signed the request, if its `vapid t=JWT, k=KEY` header is a valid ES256 token for this
 * push service's origin that has not expired; else null.
 */
function signedBy(req: http.IncomingMessage, origin: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(req.headers.authorization ?? "");
  if (!match) return null;
  const [, token, key] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65) return null;
  const publicKey = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = crypto.verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  return valid && claims.aud === origin && claims.exp * 1000 > Date.now() ? key : null;
}
