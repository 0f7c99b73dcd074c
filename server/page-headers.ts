import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** Stands for the page's nonce while helmet works the headers out once; each answer gets its own in its place. */
const noncePlaceholder = "page-nonce-placeholder";

/**
 * Every page's security headers, helmet's, with a nonce of its own: the only scripts that run are the ones React
 * Router renders with it. helmet runs once, at start, with a stand-in for the nonce, as the API's headers do
 * (api/http/api-headers.ts); each answer gets the same headers with its nonce put into the policy, not a dozen
 * middleware calls. The nonce is left in `res.locals.cspNonce` for the page's scripts.
 */
export function pageSecurityHeaders(dev: boolean): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.set(name, value),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(pagePolicy(dev))({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  const policyName = "Content-Security-Policy";
  const [before, after] = String(set.get(policyName)).split(noncePlaceholder) as [string, string];
  set.delete(policyName);
  const headers = [...set];
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader(policyName, before + nonce + after);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

function pagePolicy(dev: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        scriptSrc: ["'strict-dynamic'", `'nonce-${noncePlaceholder}'`],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", ...(dev ? ["ws:"] : [])],
        frameAncestors: ["'none'"],
        // The checkout form's answer redirects to the payment provider's page (Mollie when it takes payments).
        formAction: ["'self'", "https://www.mollie.com"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  };
}
