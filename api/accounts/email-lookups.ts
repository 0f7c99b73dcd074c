import { DAY, HOUR } from "../../contract/durations";
import type { DbOrTx } from "../db/database";
import { ApiError } from "../errors";
import { addressKey, emailKey, type SharedLimit, takeHit } from "../limits/shared-limits";
import { mailsPerDay } from "./lifecycle.service";

/**
 * Signup's `email_taken` and the password reset's `email_not_found` say whether an address has an account. The spec
 * keeps both texts (a member who mistyped is told so), so instead of hiding the answer the number of questions is
 * limited (docs/product.md §7.4): per visitor address and per e-mail address asked about, counted in the database so
 * that the limits hold across processes, and counted for every question, known address or not, so that reaching a
 * limit says nothing either.
 */
const perVisitor = (scope: string, perHour: number): SharedLimit => ({ scope, limit: perHour, windowMs: HOUR });

/** Password resets asked for one address a day, known or not: as many as reset mails an account may get. */
export const resetsPerEmail: SharedLimit = { scope: "reset_email", limit: mailsPerDay, windowMs: DAY };
/** Signups tried with one address a day. */
export const signupsPerEmail: SharedLimit = { scope: "signup_email", limit: 5, windowMs: DAY };

export interface Lookup {
  siteId: number;
  email: string;
  /** The visitor's network address. */
  address: string;
  /** SIGNUPS_PER_HOUR or MAILS_PER_HOUR. */
  perHour: number;
}

/** Counts a signup's look-up of its e-mail address; a 429 beyond either limit. */
export async function countSignupLookup(db: DbOrTx, lookup: Lookup) {
  if (!(await takeHit(db, perVisitor("signup_visitor", lookup.perHour), addressKey(lookup.address))))
    throw new ApiError(429, "rate_limited", "Too many signups from this address, please try again later");
  if (!(await takeHit(db, signupsPerEmail, emailKey(lookup.email, lookup.siteId))))
    throw new ApiError(429, "rate_limited", "Too many signups with this e-mail address, please try again tomorrow", {
      fields: { email: "signup.emailTriedTooOften" },
    });
}

/** Counts a password reset's look-up of its e-mail address; a 429 beyond either limit. */
export async function countResetLookup(db: DbOrTx, lookup: Lookup) {
  if (!(await takeHit(db, perVisitor("reset_visitor", lookup.perHour), addressKey(lookup.address))))
    throw new ApiError(429, "rate_limited", "Too many emails requested, please try again later");
  if (!(await takeHit(db, resetsPerEmail, emailKey(lookup.email, lookup.siteId))))
    throw new ApiError(429, "too_many_resets", "Too many password reset emails sent, please try again tomorrow.");
}
