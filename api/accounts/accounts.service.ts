import type { User } from "../../contract/user";
import type { Locale } from "../../contract/locales";
import { ageOn } from "../../contract/age";
import { nowIso, type Db } from "../db/database";
import type { PhotoRow, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import * as repo from "./accounts.repository";
import { newLikesCount } from "../likes/likes.service";
import { verifyPassword } from "./password";
import { hashSessionToken } from "./session-token";
import { createSession, reactivate, reactivationDays } from "./lifecycle.service";

export interface LoginPolicy {
  maxFailures: number;
  blockMinutes: number;
}

/**
 * Checks a member's email and password. Too many wrong passwords in a row block the account for some minutes
 * (SPEC §4, §8); the answer says how many minutes are left.
 */
export async function logIn(
  db: Db,
  site: SiteRow,
  email: string,
  password: string,
  policy: LoginPolicy,
): Promise<{ user: UserRow; token: string; reactivated: boolean }> {
  const user = await repo.findUserByEmail(db, site.id, email);
  const now = new Date();
  if (user?.blocked_until && new Date(user.blocked_until) > now) {
    throw accountBlocked(user.blocked_until, now);
  }
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user) throw new ApiError(401, "login_failed", "Login failed, please try again");
  if (!valid) {
    const failures = user.failed_logins + 1;
    if (failures >= policy.maxFailures) {
      const blockedUntil = new Date(now.getTime() + policy.blockMinutes * 60_000).toISOString();
      await repo.updateUser(db, user.id, { failed_logins: 0, blocked_until: blockedUntil });
      throw accountBlocked(blockedUntil, now);
    }
    await repo.updateUser(db, user.id, { failed_logins: failures });
    throw new ApiError(401, "login_failed", "Login failed, please try again");
  }
  if (user.status === "deleted") throw new ApiError(401, "login_failed", "Login failed, please try again");
  await repo.updateUser(db, user.id, { failed_logins: 0, blocked_until: null, last_seen_at: now.toISOString() });
  // SPEC §4: logging in within the window undoes a pending deletion; after it the account is as good as gone.
  if (user.status === "pending_deletion") {
    const requested = new Date(user.deletion_requested_at ?? 0).getTime();
    if (now.getTime() - requested > reactivationDays * 24 * 3600_000) {
      throw new ApiError(401, "login_failed", "Login failed, please try again");
    }
    const token = await reactivate(db, user);
    return { user: (await repo.findUserById(db, user.id))!, token, reactivated: true };
  }
  return { user, token: await createSession(db, user.id), reactivated: false };
}

function accountBlocked(blockedUntil: string, now: Date) {
  const minutes = Math.max(1, Math.ceil((new Date(blockedUntil).getTime() - now.getTime()) / 60_000));
  return new ApiError(403, "account_blocked", `Too many incorrect attempts, account blocked for ${minutes} min.`, {
    minutes,
  });
}

export type SessionMember = UserRow & { session_id: number };

/** The member a session cookie belongs to on this site, or null. */
export async function memberForToken(db: Db, site: SiteRow, token: string): Promise<SessionMember | null> {
  const member = await repo.findUserBySessionHash(db, site.id, hashSessionToken(token), nowIso());
  return member ?? null;
}

/** Search favours members recently online: a member's activity is noted, at most every five minutes. */
export async function markSeen(db: Db, member: UserRow) {
  const now = Date.now();
  if (member.last_seen_at && now - new Date(member.last_seen_at).getTime() < 5 * 60_000) return;
  await repo.updateUser(db, member.id, { last_seen_at: new Date(now).toISOString() });
}

export function logOut(db: Db, member: SessionMember) {
  return repo.deleteSession(db, member.session_id);
}

export async function setLanguage(db: Db, member: UserRow, language: Locale) {
  await repo.updateUser(db, member.id, { language });
}

/** Marks the member as away now: the page-hidden beacon (SPEC §7). */
export async function markPageHidden(db: Db, member: UserRow) {
  await repo.updateUser(db, member.id, { page_hidden_at: nowIso() });
}

/** The User entity of SPEC §3 as its owner sees it. */
export async function userView(db: Db, site: SiteRow, user: UserRow): Promise<User> {
  const [profile, mainPhoto, interestRows, newLikes] = await Promise.all([
    repo.findProfile(db, user.id),
    repo.findMainPhoto(db, user.id),
    repo.listProfileInterestIds(db, user.id),
    newLikesCount(db, site, user.id),
  ]);
  return {
    id: user.id,
    email: user.email,
    status: user.status as User["status"],
    credits: user.credits,
    paid_user: user.paid_user === 1,
    signup_date: user.signup_date,
    language: user.language as Locale,
    notifications_disabled: JSON.parse(user.notifications_disabled),
    // Messages arrive with the chat feature; until then nobody has any.
    unread_messages: 0,
    new_likes: newLikes,
    profile: {
      id: user.id,
      name: profile.name,
      age: ageOn(profile.date_of_birth, new Date()),
      gender: profile.gender,
      sexuality: profile.sexuality,
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
