import type { Logger } from "pino";
import type { z } from "zod";
import {
  type MemberActionRequest,
  type MemberDetail,
  type MemberRole,
  type MemberSearchResponse,
  type memberCreditsSchema,
  sensitiveMemberActions,
} from "../../contract/admin-members";
import type { SessionMember } from "../accounts/accounts.service";
import { sendActivationMail } from "../accounts/lifecycle.service";
import { clearLoginFailures } from "../accounts/login-guard";
import type { Mailer } from "../adapters/mail";
import { recordStaffAction } from "../audit/staff-actions";
import { moveCredits } from "../credits/ledger";
import { type Db, nowIso, type Tx } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { assertSameRequest, requestFingerprint } from "../http/idempotency";
import { siteOrigin } from "../http/site-origin";
import { requireFreshSecondFactor } from "../http/step-up";
import { recordDecision, tellMemberOfDecision } from "../reports/decision-notices";
import * as repo from "./admin-members.repository";

export interface AdminMembersDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
}

/** Who acts, and from where: kept in the audit log with every action. */
export interface Actor {
  staff: SessionMember;
  address: string | null;
}

const pageSize = 25;
/** What an admin may not do to their own account. */
const lockingOut: readonly MemberActionRequest["action"][] = ["suspend", "ban", "start_deletion", "change_role"];
/** How many rows of each history the member page shows, newest first. */
const historyRows = 50;

const notFound = () => new ApiError(404, "not_found", "No such member");
const fieldError = (field: string, key: string) =>
  new ApiError(400, "validation_failed", "Validation failed", { fields: { [field]: key } });

/** GET admin/members.php. */
export async function searchMembers(db: Db, site: SiteRow, q: string, page: number): Promise<MemberSearchResponse> {
  const { rows, total } = await repo.searchMembers(db, site.id, q, pageSize, (page - 1) * pageSize);
  return {
    members: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      status: r.status,
      role: r.role,
      signup_date: r.signup_date,
      suspended_until: r.suspended_until,
      banned: r.banned_at !== null,
    })),
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

/** GET admin/member.php: everything staff need to answer a member or decide about them. */
export async function memberDetail(db: Db, site: SiteRow, id: number): Promise<MemberDetail> {
  const user = await repo.findSiteMember(db, site.id, id);
  if (!user) throw notFound();
  const [profile, photos, payments, ledger, about, by, logins, mails, actions, locked] = await Promise.all([
    repo.findProfile(db, id),
    repo.listPhotos(db, id),
    repo.listPayments(db, id, historyRows),
    repo.listLedger(db, id, historyRows),
    repo.listReportsAbout(db, site.id, id, historyRows),
    repo.listReportsBy(db, id, historyRows),
    repo.listLogins(db, id, historyRows),
    repo.listMails(db, user.email, site.support_email, historyRows),
    repo.listStaffActions(db, site.id, id, historyRows),
    repo.isLocked(db, id, nowIso()),
  ]);
  return {
    member: {
      id: user.id,
      email: user.email,
      status: user.status,
      role: user.role,
      language: user.language,
      credits: user.credits,
      signup_date: user.signup_date,
      last_seen_at: user.last_seen_at,
      suspended_until: user.suspended_until,
      banned_at: user.banned_at,
      deletion_requested_at: user.deletion_requested_at,
      locked,
    },
    profile: profile
      ? {
          name: profile.name,
          gender: profile.gender,
          date_of_birth: profile.date_of_birth,
          country: profile.country,
          city: profile.city,
          about: profile.about,
          fictional: profile.fictional === 1,
          hidden: profile.hidden_at !== null,
        }
      : null,
    photos: photos.map((p) => ({
      id: p.id,
      url: `${site.cdn_prefix}/${p.thumb_filename}`,
      status: p.status,
      main: p.is_main === 1,
      created_at: p.created_at,
    })),
    payments,
    ledger: ledger.map(({ reason, refused, ...entry }) => ({ ...entry, kind: reason, refused: refused === 1 })),
    reports_about: about,
    reports_by: by,
    logins,
    mails,
    staff_actions: actions,
  };
}

/** A suspension's last day ends at midnight UTC after it. */
const endOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`).getTime() + 86_400_000;

/**
 * POST admin/member-action.php: one change to an account, recorded in the audit log with its reason in the same
 * transaction. A suspension, ban or deletion is also a moderation decision: the member is mailed the statement of
 * reasons with the appeal link (docs/product.md §6.8), and an upheld appeal's reversal undoes it.
 */
export async function actOnMember(deps: AdminMembersDeps, site: SiteRow, actor: Actor, body: MemberActionRequest) {
  const { db } = deps;
  if (sensitiveMemberActions.includes(body.action)) requireFreshSecondFactor(actor.staff);
  const user = await repo.findSiteMember(db, site.id, body.id);
  if (!user) throw notFound();
  // An admin cannot lock themselves out or give up the role by mistake: another admin does that.
  if (user.id === actor.staff.id && lockingOut.includes(body.action))
    throw fieldError("reason", "admin.members.notYourself");
  const now = new Date();
  const audit = (trx: Tx, before: unknown, after: unknown) =>
    recordStaffAction(trx, {
      siteId: site.id,
      staffId: actor.staff.id,
      action: `member.${body.action}`,
      targetUserId: user.id,
      reason: body.reason,
      before,
      after,
      address: actor.address,
    });
  const decide = (trx: Tx, decision: "suspend" | "ban" | "delete", until: string | null = null) =>
    recordDecision(
      trx,
      {
        moderator_id: actor.staff.id,
        subject: "profile",
        subject_id: user.id,
        member_id: user.id,
        decision,
        reason: "other",
        explanation: body.reason,
        until,
      },
      true,
      { siteId: user.site_id, address: actor.address, audited: true },
    );
  const endSessions = (trx: Tx) => trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
  const setUser = (trx: Tx, values: Partial<Pick<UserRow, "suspended_until" | "banned_at" | "role">>) =>
    trx.updateTable("users").set(values).where("id", "=", user.id).execute();

  let decided: Awaited<ReturnType<typeof decide>> | null = null;
  switch (body.action) {
    case "suspend": {
      const until = endOfDay(body.until!);
      if (!(until > now.getTime())) throw fieldError("until", "admin.members.untilPast");
      const untilIso = new Date(until).toISOString();
      decided = await db.transaction().execute(async (trx) => {
        await setUser(trx, { suspended_until: untilIso });
        await endSessions(trx);
        await audit(trx, { suspended_until: user.suspended_until }, { suspended_until: untilIso });
        return decide(trx, "suspend", untilIso);
      });
      break;
    }
    case "ban":
      decided = await db.transaction().execute(async (trx) => {
        await setUser(trx, { banned_at: now.toISOString() });
        await endSessions(trx);
        await audit(trx, { banned_at: user.banned_at }, { banned_at: now.toISOString() });
        return decide(trx, "ban");
      });
      break;
    case "lift":
      await db.transaction().execute(async (trx) => {
        await setUser(trx, { suspended_until: null, banned_at: null });
        await audit(
          trx,
          { suspended_until: user.suspended_until, banned_at: user.banned_at },
          { suspended_until: null, banned_at: null },
        );
      });
      break;
    case "reset_lockout":
      await db.transaction().execute(async (trx) => {
        await clearLoginFailures(trx, user.id);
        await audit(trx, undefined, undefined);
      });
      break;
    case "resend_activation":
      if (user.status !== "not_confirmed") throw fieldError("reason", "admin.members.alreadyActive");
      await sendActivationMail({ db, mailer: deps.mailer, site, origin: siteOrigin(site) }, user);
      await db.transaction().execute((trx) => audit(trx, undefined, undefined));
      break;
    case "start_deletion":
      if (user.status === "pending_deletion") throw fieldError("reason", "admin.members.alreadyDeleting");
      decided = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ status: "pending_deletion", deletion_requested_at: now.toISOString() })
          .where("id", "=", user.id)
          .execute();
        await endSessions(trx);
        await audit(trx, { status: user.status }, { status: "pending_deletion" });
        return decide(trx, "delete");
      });
      break;
    case "mark_fictional":
    case "unmark_fictional": {
      // A label, not a restriction: the profile stays visible, so no statement of reasons is due (§1.5).
      const fictional = body.action === "mark_fictional" ? 1 : 0;
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("profiles")
          .select("fictional")
          .where("user_id", "=", user.id)
          .executeTakeFirst();
        await trx.updateTable("profiles").set({ fictional }).where("user_id", "=", user.id).execute();
        await audit(trx, { fictional: before?.fictional === 1 }, { fictional: fictional === 1 });
      });
      break;
    }
    case "change_role": {
      const role = body.role as MemberRole;
      await db.transaction().execute(async (trx) => {
        await setUser(trx, { role });
        await audit(trx, { role: user.role }, { role });
      });
      break;
    }
  }
  deps.log.info({ staffId: actor.staff.id, memberId: user.id, action: body.action }, "staff acted on member");
  if (decided?.appealToken) await tellMemberOfDecision(deps, site, decided.row, decided.appealToken);
  return { ok: true as const };
}

/**
 * POST admin/member-credits.php: gives or takes credits through the ledger (kind `adjustment`, the reason in the
 * entry's reference), with its audit row in the same transaction. The Idempotency-Key makes a double submit move
 * credits once; the same key with another amount or reason is refused.
 */
export async function grantCredits(
  db: Db,
  site: SiteRow,
  actor: Actor,
  body: z.infer<typeof memberCreditsSchema>,
  key: string,
) {
  requireFreshSecondFactor(actor.staff);
  const user = await repo.findSiteMember(db, site.id, body.id);
  if (!user) throw notFound();
  const reference = `staff:${body.reason}`.slice(0, 1000);
  const fingerprint = requestFingerprint("member-credits", body);
  return db.transaction().execute(async (trx) => {
    const moved = await moveCredits(trx, {
      userId: user.id,
      amount: body.amount,
      kind: "adjustment",
      reference,
      idempotencyKey: `staff:${key}`,
      at: nowIso(),
    });
    if (moved.replayed) {
      const entry = await trx
        .selectFrom("credit_ledger")
        .select(["delta", "reference"])
        .where("id", "=", moved.entryId)
        .executeTakeFirstOrThrow();
      const same = entry.delta === body.amount && entry.reference === reference;
      assertSameRequest({ request_hash: same ? fingerprint : "another request" }, fingerprint);
      return { applied: moved.applied, balance: moved.balance };
    }
    await recordStaffAction(trx, {
      siteId: site.id,
      staffId: actor.staff.id,
      action: "member.credits",
      targetUserId: user.id,
      targetRef: `ledger:${moved.entryId}`,
      reason: body.reason,
      before: { credits: moved.applied ? moved.balance - body.amount : moved.balance },
      after: { credits: moved.balance, applied: moved.applied },
      address: actor.address,
    });
    return { applied: moved.applied, balance: moved.balance };
  });
}
