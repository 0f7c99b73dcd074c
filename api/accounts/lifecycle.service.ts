import fs from "node:fs/promises";
import path from "node:path";
import type { Mailer } from "../adapters/mail";
import { nowIso, type Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { sendAccountMail } from "./account-mail";
import { consumeToken, revokeCredentialLinks, tokensSentToday } from "./account-tokens";
import { checkPassword, clearLoginFailures, type PasswordAttempt } from "./login-guard";
import { refuseWeakPassword } from "./weak-passwords";
import * as repo from "./accounts.repository";
import { hashPassword } from "./password";
import { hashSessionToken, newSessionToken, sessionMaxAgeSeconds } from "./session-token";
import { DAY } from "../../contract/durations";

/** SPEC §9: a deleted account can be reactivated within 14 days. */
export const reactivationDays = 14;
/** Mails of one kind to one address per day (password reset, activation, e-mail change). */
export const mailsPerDay = 3;

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  site: SiteRow;
  origin: string;
}

const wrongOldPassword = () =>
  new ApiError(400, "wrong_password", "Please check your old password.", { fields: { old_password: "settings.wrongOldPassword" } });
const wrongPassword = () =>
  new ApiError(400, "wrong_password", "Please check your password.", { fields: { password: "settings.wrongPassword" } });

const linkInvalid = () => new ApiError(410, "link_invalid", "Link expired or invalid, request a new email");
const mailFailed = () => new ApiError(503, "mail_failed", "An error occured, please try again later.");

async function profileName(db: Db, userId: number) {
  return (await repo.findProfile(db, userId)).name;
}

/** Sends the activation mail, at most a few a day. */
export async function sendActivationMail({ db, mailer, site, origin }: MailDeps, user: UserRow) {
  if (user.status !== "not_confirmed") return;
  if ((await tokensSentToday(db, user.id, "activation")) >= mailsPerDay) {
    throw new ApiError(429, "rate_limited", "Too many activation emails sent, please try again tomorrow.");
  }
  await sendAccountMail(db, mailer, site, origin, {
    kind: "activation", userId: user.id, to: user.email, name: await profileName(db, user.id), language: user.language,
  }).catch((error) => { throw error instanceof ApiError ? error : mailFailed(); });
}

/** Follows the activation link: the account becomes active and the profile visible. */
export async function activate(db: Db, site: SiteRow, token: string): Promise<number> {
  const used = await consumeToken(db, token, "activation");
  const user = used && (await db.selectFrom("users").selectAll().where("id", "=", used.user_id).where("site_id", "=", site.id).executeTakeFirst());
  if (!user || user.status === "deleted") throw new ApiError(410, "activation_failed", "Activation failed");
  await db.transaction().execute(async (trx) => {
    if (user.status === "not_confirmed") await repo.updateUser(trx, user.id, { status: "active" });
    await trx.updateTable("profiles").set({ status: "active" }).where("user_id", "=", user.id).execute();
  });
  return user.id;
}

/** Mails a password-reset link (SPEC §8 texts for an unknown address and for too many mails). */
export async function requestPasswordReset(deps: MailDeps, email: string) {
  const user = await repo.findUserByEmail(deps.db, deps.site.id, email);
  if (!user || user.status === "deleted") {
    throw new ApiError(404, "email_not_found", "E-mail address not found", { fields: { email: "reset.emailNotFound" } });
  }
  if ((await tokensSentToday(deps.db, user.id, "password_reset")) >= mailsPerDay) {
    throw new ApiError(429, "too_many_resets", "Too many password reset emails sent, please try again tomorrow.");
  }
  await sendAccountMail(deps.db, deps.mailer, deps.site, deps.origin, {
    kind: "passwordReset", userId: user.id, to: user.email, name: await profileName(deps.db, user.id), language: user.language,
  }).catch(() => { throw mailFailed(); });
}

/**
 * Sets a new password from a reset link: every session ends, every other reset and e-mail-change link dies, and
 * the lockout's blocks are lifted (the link proves the member).
 */
export async function resetPassword(db: Db, site: SiteRow, token: string, password: string) {
  const used = await consumeToken(db, token, "password_reset");
  const user = used && (await db.selectFrom("users").selectAll().where("id", "=", used.user_id).where("site_id", "=", site.id).executeTakeFirst());
  if (!user || user.status === "deleted") throw linkInvalid();
  refuseWeakPassword(site, user.email, password, "password");
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { password_hash: passwordHash });
    await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await revokeCredentialLinks(trx, user.id);
    await clearLoginFailures(trx, user.id);
  });
}

/** Changes the password of a logged-in member, who must know the old one; other sessions and links end. */
export async function changePassword(attempt: PasswordAttempt, site: SiteRow, member: UserRow & { session_id: number }, oldPassword: string, newPassword: string) {
  await checkPassword(attempt, member, oldPassword, wrongOldPassword, "old_password");
  refuseWeakPassword(site, member.email, newPassword, "new_password");
  const passwordHash = await hashPassword(newPassword);
  await attempt.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, member.id, { password_hash: passwordHash });
    await trx.deleteFrom("sessions").where("user_id", "=", member.id).where("id", "!=", member.session_id).execute();
    await revokeCredentialLinks(trx, member.id);
  });
}

/** Mails a confirmation link to a new address; the address changes only when that link is followed. */
export async function requestMailChange(deps: MailDeps, attempt: PasswordAttempt, member: UserRow, email: string, password: string) {
  await checkPassword(attempt, member, password, wrongPassword, "password");
  if (email === member.email || (await repo.findUserByEmail(deps.db, deps.site.id, email))) {
    throw new ApiError(409, "email_taken", "An account with this e-mail address already exists", { fields: { email: "settings.emailTaken" } });
  }
  if ((await tokensSentToday(deps.db, member.id, "mail_change")) >= mailsPerDay) {
    throw new ApiError(429, "rate_limited", "Too many emails sent, please try again tomorrow.");
  }
  await sendAccountMail(deps.db, deps.mailer, deps.site, deps.origin, {
    kind: "mailChange", userId: member.id, to: email, newEmail: email, name: await profileName(deps.db, member.id), language: member.language,
  }).catch(() => { throw mailFailed(); });
}

export async function confirmMailChange(db: Db, site: SiteRow, token: string) {
  const used = await consumeToken(db, token, "mail_change");
  const user = used && (await db.selectFrom("users").selectAll().where("id", "=", used.user_id).where("site_id", "=", site.id).executeTakeFirst());
  if (!user || !used.new_email || user.status === "deleted") throw linkInvalid();
  if (await repo.findUserByEmail(db, site.id, used.new_email)) {
    throw new ApiError(409, "email_taken", "An account with this e-mail address already exists");
  }
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { email: used.new_email! });
    await revokeCredentialLinks(trx, user.id);
  });
  return used.new_email;
}

/**
 * Deletion (SPEC §1, §4): the account goes into pending deletion — hidden, logged out everywhere — and a mail
 * offers reactivation for 14 days. The data goes when the purge finds it older than that.
 */
export async function requestDeletion(deps: MailDeps, attempt: PasswordAttempt, member: UserRow, password: string) {
  await checkPassword(attempt, member, password, wrongPassword, "password");
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, member.id, { status: "pending_deletion", deletion_requested_at: nowIso() });
    await trx.deleteFrom("sessions").where("user_id", "=", member.id).execute();
  });
  // The mail is a courtesy: logging in within 14 days reactivates as well, so a failed mail undoes nothing.
  await sendAccountMail(deps.db, deps.mailer, deps.site, deps.origin, {
    kind: "deletion", userId: member.id, to: member.email, name: await profileName(deps.db, member.id),
    language: member.language, values: { days: reactivationDays },
  }).catch(() => undefined);
}

/** Undoes a pending deletion: the account returns to what it was. */
export async function reactivate(db: Db, user: UserRow) {
  const profile = await repo.findProfile(db, user.id);
  await repo.updateUser(db, user.id, {
    status: profile.status === "active" ? "active" : "not_confirmed",
    deletion_requested_at: null,
  });
}

/**
 * The deletion mail's link: reactivates the account, then the member logs in. It starts no session, so a link
 * cannot swap the browser's session for another account's.
 */
export async function reactivateByLink(db: Db, site: SiteRow, token: string) {
  const used = await consumeToken(db, token, "reactivation");
  const user = used && (await db.selectFrom("users").selectAll().where("id", "=", used.user_id).where("site_id", "=", site.id).executeTakeFirst());
  if (!user || user.status !== "pending_deletion") throw linkInvalid();
  await reactivate(db, user);
}

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newSessionToken();
  const now = new Date();
  await repo.insertSession(db, userId, hashSessionToken(token), now.toISOString(), new Date(now.getTime() + sessionMaxAgeSeconds * 1000).toISOString());
  return token;
}

/**
 * Removes the data of accounts whose reactivation window has passed: profile, photos (and their files),
 * interests, links and sessions. What accounting must keep (the credit ledger) stays, tied to an anonymous row.
 */
export async function purgeDeletedAccounts(db: Db, photosDir: string, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - reactivationDays * DAY).toISOString();
  const due = await db.selectFrom("users").select("id").where("status", "=", "pending_deletion").where("deletion_requested_at", "<=", cutoff).execute();
  for (const { id } of due) {
    const photos = await db.selectFrom("photos").select(["filename", "thumb_filename"]).where("user_id", "=", id).execute();
    await db.transaction().execute(async (trx) => {
      for (const table of ["photos", "profile_interests", "account_tokens", "sessions", "login_failures", "discount_codes", "profiles", "swipe_skips"] as const) {
        await trx.deleteFrom(table).where("user_id", "=", id).execute();
      }
      await trx.deleteFrom("likes").where((eb) => eb.or([eb("liker_id", "=", id), eb("liked_id", "=", id)])).execute();
      await trx.deleteFrom("blocks").where((eb) => eb.or([eb("blocker_id", "=", id), eb("blocked_id", "=", id)])).execute();
      await trx.updateTable("users").set({
        email: `deleted-${id}@deleted.invalid`, password_hash: null, status: "deleted", tracking: null, invited_with: null,
        notifications_disabled: "[]", last_seen_at: null, page_hidden_at: null,
      }).where("id", "=", id).execute();
    });
    for (const photo of photos) {
      await fs.rm(path.join(photosDir, photo.filename), { force: true });
      await fs.rm(path.join(photosDir, photo.thumb_filename), { force: true });
    }
  }
  return due.length;
}

/** Everything the site holds about a member, for GDPR access. */
export async function exportAccount(db: Db, site: SiteRow, member: UserRow) {
  const [profile, photos, interests, ledger, discounts, sessions] = await Promise.all([
    repo.findProfile(db, member.id),
    db.selectFrom("photos").select(["filename", "status", "is_main", "created_at"]).where("user_id", "=", member.id).execute(),
    db.selectFrom("profile_interests").innerJoin("interests", "interests.id", "profile_interests.interest_id").select("interests.slug").where("user_id", "=", member.id).execute(),
    db.selectFrom("credit_ledger").select(["delta", "balance_after", "reason", "reference", "created_at"]).where("user_id", "=", member.id).orderBy("id").execute(),
    db.selectFrom("discount_codes").select(["code", "value_percentage", "status", "expires", "reason", "created_at"]).where("user_id", "=", member.id).execute(),
    db.selectFrom("sessions").select(["created_at", "expires_at"]).where("user_id", "=", member.id).execute(),
  ]);
  const { password_hash: _hash, failed_logins: _f, blocked_until: _b, ...account } = member as UserRow & { session_id?: number };
  delete (account as { session_id?: number }).session_id;
  return {
    exported_at: nowIso(),
    site: site.domain,
    account: { ...account, tracking: member.tracking ? JSON.parse(member.tracking) : null, notifications_disabled: JSON.parse(member.notifications_disabled) },
    profile: { ...profile, interests: interests.map((i) => i.slug) },
    photos: photos.map((p) => ({ ...p, url: `${site.cdn_prefix}/${p.filename}` })),
    credit_ledger: ledger,
    discount_codes: discounts,
    sessions,
  };
}
