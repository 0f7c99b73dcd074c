import { ageOn } from "../../contract/age";
import { DAY, MINUTE } from "../../contract/durations";
import type { Locale } from "../../contract/locales";
import { isModerator } from "../../contract/staff";
import type { User } from "../../contract/user";
import { unreadMessages } from "../chat/chat.service";
import { type Db, type DbOrTx, nowIso } from "../db/database";
import type { PhotoRow, SiteRow, UserRow } from "../db/schema";
import { activeTimeBonus } from "../discounts/discounts.service";
import { ApiError } from "../errors";
import { newLikesCount } from "../likes/likes.service";
import * as repo from "./accounts.repository";
import { createSession, reactivate, reactivationDays } from "./lifecycle.service";
import { checkPassword, type PasswordAttempt, refuseUnknownEmail } from "./login-guard";
import { hashSessionToken, sessionIdleSeconds } from "./session-token";

const loginFailed = () => new ApiError(401, "login_failed", "Login failed, please try again");

/**
 * Checks a member's email and password under the lockout rule (login-guard.ts); docs/product.md §8 texts. A login ends the
 * session the browser presented, whoever's it was, so a planted session cannot outlive it.
 */
export async function logIn(
  attempt: PasswordAttempt,
  site: SiteRow,
  email: string,
  password: string,
  presentedToken: string | undefined,
): Promise<{ user: UserRow; token: string; reactivated: boolean }> {
  const { db } = attempt;
  const user = await repo.findUserByEmail(db, site.id, email);
  // No account: counted and blocked as an account would be, so the answers do not say whether one exists.
  if (!user || user.status === "deleted") return refuseUnknownEmail(attempt, site.id, email, password, loginFailed);
  await checkPassword(attempt, user, password, loginFailed);
  const now = new Date();
  await refuseSanctioned(db, user, now);
  // docs/product.md §4: logging in within the window undoes a pending deletion; after it the account is as good as gone.
  if (
    user.status === "pending_deletion" &&
    now.getTime() - new Date(user.deletion_requested_at ?? 0).getTime() > reactivationDays * DAY
  ) {
    throw loginFailed();
  }
  return db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { last_seen_at: now.toISOString() });
    const reactivated = user.status === "pending_deletion";
    if (reactivated) await reactivate(trx, user);
    return {
      user: reactivated ? (await repo.findUserById(trx, user.id))! : user,
      token: await replaceSession(trx, user.id, presentedToken),
      reactivated,
    };
  });
}

/**
 * A banned or suspended account cannot log in (docs/product.md §6.8); told only after the right password, so the
 * answer does not tell strangers about someone's account. The mail of the decision has the appeal link; the answer
 * carries the words the moderator or admin wrote to the member, if any (issue 33).
 */
async function refuseSanctioned(db: Db, user: UserRow, now: Date) {
  const suspended = user.suspended_until !== null && user.suspended_until > now.toISOString();
  if (!user.banned_at && !suspended) return;
  const reason = (await repo.findLatestSanction(db, user.id))?.explanation ?? null;
  if (user.banned_at)
    throw new ApiError(403, "account_banned", "This account has been closed by our moderators", { reason });
  throw new ApiError(403, "account_suspended", "This account is suspended", { until: user.suspended_until, reason });
}

/** Ends the session the browser presented, whoever's it was, and starts the member's new one. */
export async function replaceSession(db: DbOrTx, userId: number, presentedToken: string | undefined): Promise<string> {
  if (presentedToken) await repo.deleteSessionByHash(db, hashSessionToken(presentedToken));
  return createSession(db, userId);
}

/** For the log of a refused login: whose account an address names, if anyone's. */
export async function accountIdForEmail(db: Db, site: SiteRow, email: string): Promise<number | null> {
  return (await repo.findUserByEmail(db, site.id, email))?.id ?? null;
}

/** A session's member; `session_second_factor_at`: when a staff member last gave their second factor in it. */
export type SessionMember = UserRow & { session_id: number; session_second_factor_at: string | null };

/**
 * The member a session cookie belongs to on this site, or null when the session has ended: 30 days after login,
 * or 7 days unused. Use is noted at most every five minutes.
 */
export async function memberForToken(db: Db, site: SiteRow, token: string): Promise<SessionMember | null> {
  const now = Date.now();
  const found = await repo.findUserBySessionHash(
    db,
    site.id,
    hashSessionToken(token),
    new Date(now).toISOString(),
    idleCutoff(now),
  );
  if (!found) return null;
  const { session_used_at: usedAt, ...member } = found;
  if (!usedAt || now - new Date(usedAt).getTime() > 5 * MINUTE)
    await repo.touchSession(db, member.session_id, new Date(now).toISOString());
  return member;
}

/** Removes sessions that can no longer be used (the hourly clean-up). */
export function deleteEndedSessions(db: Db, now = Date.now()) {
  return repo.deleteEndedSessions(db, new Date(now).toISOString(), idleCutoff(now));
}

function idleCutoff(now: number) {
  return new Date(now - sessionIdleSeconds * 1000).toISOString();
}

/** Search favours members recently online: a member's activity is noted, at most every five minutes. */
export async function markSeen(db: Db, member: UserRow) {
  const now = Date.now();
  if (member.last_seen_at && now - new Date(member.last_seen_at).getTime() < 5 * MINUTE) return;
  await repo.updateUser(db, member.id, { last_seen_at: new Date(now).toISOString() });
}

export function logOut(db: Db, member: SessionMember) {
  return repo.deleteSession(db, member.session_id);
}

export async function setLanguage(db: Db, member: UserRow, language: Locale) {
  await repo.updateUser(db, member.id, { language });
}

/** Marks the member as away now: the page-hidden beacon (docs/product.md §7). */
export async function markPageHidden(db: Db, member: UserRow) {
  await repo.updateUser(db, member.id, { page_hidden_at: nowIso() });
}

/** The User entity of docs/product.md §3 as its owner sees it. */
export async function userView(db: Db, site: SiteRow, user: UserRow): Promise<User> {
  const [profile, mainPhoto, interestRows, newLikes, bonus, unread] = await Promise.all([
    repo.findProfile(db, user.id),
    repo.findMainPhoto(db, user.id),
    repo.listProfileInterestIds(db, user.id),
    newLikesCount(db, site, user.id),
    activeTimeBonus(db, user),
    unreadMessages(db, user.id),
  ]);
  return {
    id: user.id,
    email: user.email,
    status: user.status as User["status"],
    credits: user.credits,
    paid_user: user.paid_user === 1,
    signup_date: user.signup_date,
    language: user.language as Locale,
    moderator: isModerator(user.role),
    admin: user.role === "admin",
    notifications_disabled: JSON.parse(user.notifications_disabled),
    unread_messages: unread,
    new_likes: newLikes,
    time_bonus: bonus?.expires
      ? { code: bonus.code, value_percentage: bonus.value_percentage, ends_at: bonus.expires }
      : null,
    profile: {
      id: user.id,
      name: profile.name,
      age: ageOn(profile.date_of_birth, new Date()),
      gender: profile.gender,
      sexuality: profile.sexuality,
      sexuality_public: profile.sexuality_public === 1,
      date_of_birth: profile.date_of_birth,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      status: profile.status,
      main_image: mainPhoto ? mainImage(site, mainPhoto) : null,
      about: profile.about,
      interests: interestRows.map((r) => r.interest_id),
      hair_colour: profile.hair_colour,
      eye_colour: profile.eye_colour,
      body_type: profile.body_type,
      relationship_status: profile.relationship_status,
      tattoos: profile.tattoos,
      fictional: profile.fictional === 1,
      invisible: profile.invisible === 1,
    },
  };
}

export function mainImage(site: SiteRow, photo: PhotoRow) {
  return {
    filename: photo.filename,
    thumb_filename: photo.thumb_filename,
    status: "active" as const,
    match: `${site.cdn_prefix}/${photo.filename}`,
  };
}
