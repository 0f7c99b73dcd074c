import type { Logger } from "pino";
import { MINUTE } from "../../contract/durations";

/*
 * A full disk while running (docs/operations.md "A full disk"): a write that fails for want of space answers 503, not
 * 500, and the log says so in one line at most once a minute, not once per request. Nothing is held: once space is
 * free the next write succeeds, and /readyz is 200 again.
 */

/** SQLite's and Node's "no space" codes, and PostgreSQL's disk_full (SQLSTATE 53100). */
const diskFullCodes = new Set(["SQLITE_FULL", "ENOSPC", "53100"]);

/** Whether `error`, or an error it was caused by, is a write refused for want of disk space. */
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && diskFullCodes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const diskFullAnswer = { error: "internal_error", message: "The server's disk is full: try again later." };

let where = "DATA_DIR";
let lastReported = Number.NEGATIVE_INFINITY;

/** Where the data lives, for the log line: DATA_DIR (SQLite, files) or the database host (PostgreSQL). */
export function describeStorage(place: string): void {
  where = place;
}

/** Logs "disk full at <where>" at most once a minute. */
export function reportDiskFull(logger: Pick<Logger, "error">, now = Date.now()): void {
  if (now - lastReported < MINUTE) return;
  lastReported = now;
  logger.error(`disk full at ${where}`);
}
