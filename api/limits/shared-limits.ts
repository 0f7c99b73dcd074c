import crypto from "node:crypto";
import { ipKeyGenerator } from "express-rate-limit";
import type { DbOrTx } from "../db/database";
import * as repo from "./limit-counters.repository";

/**
 * Limits kept in the database, so that they hold however many processes serve the site (express-rate-limit counts
 * in one process's memory): at most `limit` hits per `key` in a fixed window of `windowMs`.
 */
export interface SharedLimit {
  /** What is limited, e.g. "complaint_receipt"; one window per scope and key. */
  scope: string;
  limit: number;
  windowMs: number;
}

/** Counts a hit; false when it is beyond the limit (it is counted all the same, so hammering does not help). */
export async function takeHit(db: DbOrTx, rule: SharedLimit, key: string, now = new Date()): Promise<boolean> {
  const hits = await repo.countHit(
    db,
    rule.scope,
    key,
    now.toISOString(),
    new Date(now.getTime() + rule.windowMs).toISOString(),
  );
  return hits <= rule.limit;
}

/** Gives back a hit for what did not happen after all (a mail that could not be sent). */
export function giveBackHit(db: DbOrTx, rule: SharedLimit, key: string) {
  return repo.uncountHit(db, rule.scope, key);
}

/** The hourly clean-up: counters whose window has ended. */
export function deleteEndedLimitCounters(db: DbOrTx, now = new Date()) {
  return repo.deleteEndedCounters(db, now.toISOString());
}

/**
 * An e-mail address as a counter's key: its hash, so that no address anyone typed is kept in the clear; per site, or
 * for every site together when no site is given.
 */
export function emailKey(email: string, siteId?: number): string {
  return `${siteId ?? "*"}:${emailHash(email)}`;
}

/** An e-mail address's SHA-256, letter case and surrounding spaces aside: what counters keep instead of it. */
export function emailHash(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** A visitor's network address as a counter's key: IPv6 addresses by their /56 network (one device holds many). */
export function addressKey(address: string): string {
  return address ? ipKeyGenerator(address, 56) : "unknown";
}
