import { DAY } from "../../contract/durations";
import type { Mailer } from "../adapters/mail";
import type { FileStorage } from "../adapters/storage";
import { type Db, type DbOrTx, nowIso } from "../db/database";
import type { SiteRow, TokenPurpose, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { chatPhotoFiles } from "../media/photo-files";
import { isVisibleMember } from "../members/members.repository";
import { filesOfPhoto } from "../photos/photos.service";
import * as accountData from "./account-data.repository";
import { sendAccountMail } from "./account-mail";
import { consumeToken, revokeCredentialLinks, tokensSentToday } from "./account-tokens";
import * as repo from "./accounts.repository";
import { checkPassword, clearLoginFailures, type PasswordAttempt } from "./login-guard";
import { hashPassword } from "./password";
import { hashSessionToken, newSessionToken, sessionMaxAgeSeconds } from "./session-token";
import { refuseWeakPassword } from "./weak-passwords";

/** docs/product.md §9: a deleted account can be reactivated within 14 days. */
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
  new ApiError(400, "wrong_password", "Please check your old password.", {
    fields: { old_password: "settings.wrongOldPassword" },
  });
const wrongPassword = () =>
  new ApiError(400, "wrong_password", "Please check your password.", {
    fields: { password: "settings.wrongPassword" },
  });

const linkInvalid = () => new ApiError(410, "link_invalid", "Link expired or invalid, request a new email");
const mailFailed = () => new ApiError(503, "mail_failed", "An error occured, please try again later.");

async function profileName(db: Db, userId: number) {
  return (await repo.findProfile(db, userId)).name;
}

/**
 * Spends a mailed link and finds its member on this site (none for another site's link). Inside a transaction a
 * refusal after it is returned, not thrown: thrown, it would roll back and make a wrong link usable again.
 */
async function followLink(db: DbOrTx, site: SiteRow, token: string, purpose: TokenPurpose) {
  const link = await consumeToken(db, token, purpose);
  const user = link ? await repo.findSiteUser(db, site.id, link.user_id) : undefined;
  return { link, user };
}

/** Sends the activation mail, at most a few a day. */
export async function sendActivationMail({ db, mailer, site, origin }: MailDeps, user: UserRow) {
  if (user.status !== "not_confirmed") return;
  if ((await tokensSentToday(db, user.id, "activation")) >= mailsPerDay) {
    throw new ApiError(429, "rate_limited", "Too many activation emails sent, please try again tomorrow.");
  }
  await sendAccountMail(db, mailer, site, origin, {
    kind: "activation",
    userId: user.id,
    to: user.email,
    name: await profileName(db, user.id),
    language: user.language,
  }).catch((error) => {
    throw error instanceof ApiError ? error : mailFailed();
  });
}

/**
 * Follows the activation link: the account becomes active and the profile visible. Answers the member the new member
 * signed up to meet (docs/product.md §2.23), when they may still see them, as the first one to write to.
 */
export async function activate(
  db: Db,
  site: SiteRow,
  token: string,
): Promise<{ userId: number; writeTo: number | null }> {
  const user = await db.transaction().execute(async (trx) => {
    const { user } = await followLink(trx, site, token, "activation");
    if (!user || user.status === "deleted") return null;
    if (user.status === "not_confirmed")
      await repo.updateUser(trx, user.id, { status: "active", activated_at: new Date().toISOString() });
    await repo.updateProfileStatus(trx, user.id, "active");
    return user;
  });
  if (user === null) throw new ApiError(410, "activation_failed", "Activation failed");
  const wanted = user.signup_profile_id;
  const writeTo = wanted !== null && (await isVisibleMember(db, site.id, user.id, wanted)) ? wanted : null;
  return { userId: user.id, writeTo };
}

/** Mails a password-reset link (docs/product.md §8 texts for an unknown address and for too many mails). */
export async function requestPasswordReset(deps: MailDeps, email: string) {
  const user = await repo.findUserByEmail(deps.db, deps.site.id, email);
  if (!user || user.status === "deleted") {
    throw new ApiError(404, "email_not_found", "E-mail address not found", {
      fields: { email: "reset.emailNotFound" },
    });
  }
  if ((await tokensSentToday(deps.db, user.id, "password_reset")) >= mailsPerDay) {
    throw new ApiError(429, "too_many_resets", "Too many password reset emails sent, please try again tomorrow.");
  }
  await sendAccountMail(deps.db, deps.mailer, deps.site, deps.origin, {
    kind: "passwordReset",
    userId: user.id,
    to: user.email,
    name: await profileName(deps.db, user.id),
    language: user.language,
  }).catch(() => {
    throw mailFailed();
  });
}

/**
 * Sets a new password from a reset link: every session ends, every other reset and e-mail-change link dies, and
 * the lockout's blocks are lifted (the link proves the member).
 */
export async function resetPassword(db: Db, site: SiteRow, token: string, password: string) {
  // The link is spent on its own: hashing the new password is slow, and must not hold a transaction open.
  const { user } = await followLink(db, site, token, "password_reset");
  if (!user || user.status === "deleted") throw linkInvalid();
  refuseWeakPassword(site, user.email, password, "password");
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { password_hash: passwordHash });
    await repo.deleteSessionsOfUser(trx, user.id);
    await revokeCredentialLinks(trx, user.id);
    await clearLoginFailures(trx, user.id);
  });
}

/** Changes the password of a logged-in member, who must know the old one; other sessions and links end. */
export async function changePassword(
  attempt: PasswordAttempt,
  site: SiteRow,
  member: UserRow & { session_id: number },
  oldPassword: string,
  newPassword: string,
) {
  await checkPassword(attempt, member, oldPassword, wrongOldPassword, "old_password");
  refuseWeakPassword(site, member.email, newPassword, "new_password");
  const passwordHash = await hashPassword(newPassword);
  await attempt.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, member.id, { password_hash: passwordHash });
    await repo.deleteSessionsOfUser(trx, member.id, member.session_id);
    await revokeCredentialLinks(trx, member.id);
  });
}

/** Mails a confirmation link to a new address; the address changes only when that link is followed. */
export async function requestMailChange(
  deps: MailDeps,
  attempt: PasswordAttempt,
  member: UserRow,
  email: string,
  password: string,
) {
  await checkPassword(attempt, member, password, wrongPassword, "password");
  if (email === member.email || (await repo.findUserByEmail(deps.db, deps.site.id, email))) {
    throw new ApiError(409, "email_taken", "An account with this e-mail address already exists", {
      fields: { email: "settings.emailTaken" },
    });
  }
  if ((await tokensSentToday(deps.db, member.id, "mail_change")) >= mailsPerDay) {
    throw new ApiError(429, "rate_limited", "Too many emails sent, please try again tomorrow.");
  }
  await sendAccountMail(deps.db, deps.mailer, deps.site, deps.origin, {
    kind: "mailChange",
    userId: member.id,
    to: email,
    newEmail: email,
    name: await profileName(deps.db, member.id),
    language: member.language,
  }).catch(() => {
    throw mailFailed();
  });
}

export async function confirmMailChange(db: Db, site: SiteRow, token: string): Promise<string> {
  const result = await db.transaction().execute(async (trx) => {
    const { link, user } = await followLink(trx, site, token, "mail_change");
    if (!user || !link?.new_email || user.status === "deleted") return linkInvalid();
    if (await repo.findUserByEmail(trx, site.id, link.new_email)) {
      return new ApiError(409, "email_taken", "An account with this e-mail address already exists");
    }
    await repo.updateUser(trx, user.id, { email: link.new_email });
    await revokeCredentialLinks(trx, user.id);
    return link.new_email;
  });
  if (result instanceof ApiError) throw result;
  return result;
}

/**
 * Deletion (docs/product.md §1, §4): the account goes into pending deletion — hidden, logged out everywhere — and a mail
 * offers reactivation for 14 days. The data goes when the purge finds it older than that.
 */
export async function requestDeletion(deps: MailDeps, attempt: PasswordAttempt, member: UserRow, password: string) {
  await checkPassword(attempt, member, password, wrongPassword, "password");
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, member.id, { status: "pending_deletion", deletion_requested_at: nowIso() });
    await repo.deleteSessionsOfUser(trx, member.id);
  });
  // The mail is a courtesy: logging in within 14 days reactivates as well, so a failed mail undoes nothing.
  await sendAccountMail(deps.db, deps.mailer, deps.site, deps.origin, {
    kind: "deletion",
    userId: member.id,
    to: member.email,
    name: await profileName(deps.db, member.id),
    language: member.language,
    values: { count: reactivationDays },
  }).catch(() => undefined);
}

/** Undoes a pending deletion: the account returns to what it was. */
export async function reactivate(db: DbOrTx, user: UserRow) {
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
  const reactivated = await db.transaction().execute(async (trx) => {
    const { user } = await followLink(trx, site, token, "reactivation");
    if (user?.status !== "pending_deletion") return false;
    await reactivate(trx, user);
    return true;
  });
  if (!reactivated) throw linkInvalid();
}

export async function createSession(db: DbOrTx, userId: number): Promise<string> {
  const token = newSessionToken();
  const now = new Date();
  await repo.insertSession(
    db,
    userId,
    hashSessionToken(token),
    now.toISOString(),
    new Date(now.getTime() + sessionMaxAgeSeconds * 1000).toISOString(),
  );
  return token;
}

/**
 * Removes the data of accounts whose reactivation window has passed: profile, photos (and their files),
 * interests, links, sessions, and their conversations with the photos sent in them. What accounting must keep (the
 * credit ledger) stays, tied to an anonymous row.
 */
export async function purgeDeletedAccounts(
  db: Db,
  files: { publicPhotos: FileStorage; chatFiles: FileStorage },
  now = new Date(),
): Promise<number> {
  const { publicPhotos, chatFiles } = files;
  const cutoff = new Date(now.getTime() - reactivationDays * DAY).toISOString();
  const due = await accountData.listPendingDeletionsSince(db, cutoff);
  for (const { id } of due) {
    const photos = await accountData.listPhotoFiles(db, id);
    const chatPhotos = await accountData.listChatPhotoKeys(db, id);
    await db.transaction().execute(async (trx) => {
      await accountData.deleteAccountData(trx, id);
      await accountData.anonymiseUser(trx, id);
    });
    for (const photo of photos) {
      const files = filesOfPhoto(photo);
      for (const file of files.public) await publicPhotos.remove(file);
      for (const file of files.private) await chatFiles.remove(file);
    }
    for (const { photo_key } of chatPhotos) for (const file of chatPhotoFiles(photo_key!)) await chatFiles.remove(file);
  }
  return due.length;
}

/** Everything the site holds about a member, for GDPR access. */
export async function exportAccount(db: Db, site: SiteRow, member: UserRow) {
  const [profile, photos, interests, ledger, discounts, sessions, messages] = await Promise.all([
    repo.findProfile(db, member.id),
    accountData.listPhotosForExport(db, member.id),
    accountData.listInterestSlugs(db, member.id),
    accountData.listCreditLedger(db, member.id),
    accountData.listDiscountCodesForExport(db, member.id),
    accountData.listSessionsForExport(db, member.id),
    accountData.listSentMessagesForExport(db, member.id),
  ]);
  const {
    password_hash: _hash,
    failed_logins: _f,
    blocked_until: _b,
    mail_token: _m,
    ...account
  } = member as UserRow & { session_id?: number };
  delete (account as { session_id?: number }).session_id;
  return {
    exported_at: nowIso(),
    site: site.domain,
    account: {
      ...account,
      tracking: member.tracking ? JSON.parse(member.tracking) : null,
      notifications_disabled: JSON.parse(member.notifications_disabled),
    },
    profile: { ...profile, interests: interests.map((i) => i.slug) },
    photos: photos.map((p) => ({ ...p, url: `${site.cdn_prefix}/${p.filename}` })),
    credit_ledger: ledger,
    discount_codes: discounts,
    sessions,
    messages_sent: messages,
  };
}
