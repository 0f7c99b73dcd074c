import type { z } from "zod";
import { ageOn } from "../../contract/age";
import { DAY } from "../../contract/durations";
import { type ReportReason, reportReference } from "../../contract/report-values";
import type { appealDecisionSchema, appealRequestSchema, reportDecisionSchema } from "../../contract/reports";
import { reactivate } from "../accounts/lifecycle.service";
import { hashSessionToken } from "../accounts/session-token";
import { type Db, nowIso, type Tx } from "../db/database";
import type { DecisionRow, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { siteOrigin } from "../http/site-origin";
import { mailText, renderMail } from "../mail/templates";
import {
  type PhotoDeps,
  republishPhoto,
  requireModerator,
  restorePhoto,
  unpublishPhoto,
  withdrawPhoto,
} from "../photos/photos.service";
import { type NoticeDeps, recordDecision, sendLogged, tellMemberOfDecision } from "./decision-notices";
import * as repo from "./reports.repository";

/** What deciding needs: the database, the photo storages (to take photos down or back up), mail, the log. */
export interface DecisionDeps extends PhotoDeps, NoticeDeps {}

const queueSize = 50;
/** Messages shown either side of a reported one. */
const messageContext = 3;

async function memberSummary(db: Db, site: SiteRow, memberId: number | null, today: Date) {
  if (memberId === null) return null;
  const row = await repo.findMemberSummary(db, site.id, memberId);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.date_of_birth, today),
    country: row.country,
    about: row.about,
    fictional: row.fictional === 1,
    thumb_url: row.thumb_filename ? `${site.cdn_prefix}/${row.thumb_filename}` : null,
  };
}

/** GET moderation-reports.php: open reports with what is needed to decide them, and appeals; oldest first. */
export async function reportQueue(db: Db, site: SiteRow, moderator: UserRow) {
  requireModerator(moderator);
  const today = new Date();
  const reports = await repo.listOpenReports(db, site.id, moderator.id, queueSize);
  const filings = await repo.listFilings(
    db,
    reports.map((r) => r.id),
  );
  const cases = [];
  for (const report of reports) {
    const reported = report.subject === "message" ? await repo.findSiteMessage(db, site.id, report.subject_id!) : null;
    const messages = reported
      ? await repo.messagesAround(db, reported.conversation_id, reported.id, messageContext)
      : [];
    cases.push({
      id: report.id,
      reference: reportReference(report.id),
      subject: report.subject,
      opened_at: report.opened_at,
      filings: filings
        .filter((f) => f.report_id === report.id)
        .map((f) => ({
          reason: f.reason as ReportReason,
          details: f.details,
          url: f.url,
          by: f.reporter_profile_name ?? [f.reporter_name, f.reporter_email].filter(Boolean).join(", "),
          created_at: f.created_at,
        })),
      member: await memberSummary(db, site, report.member_id, today),
      photo_id: report.subject === "photo" ? report.subject_id : null,
      messages: messages.map((m) => ({
        id: m.id,
        from: m.name,
        text: m.body,
        kind: m.kind,
        created_at: m.created_at,
        reported: m.id === report.subject_id,
      })),
    });
  }
  const appeals = [];
  for (const decision of await repo.listOpenAppeals(db, site.id, queueSize)) {
    appeals.push({
      id: decision.id,
      subject: decision.subject,
      decision: decision.decision,
      reason: decision.reason,
      explanation: decision.explanation,
      decided_at: decision.created_at,
      appeal_text: decision.appeal_text ?? "",
      appealed_at: decision.appealed_at!,
      member: await memberSummary(db, site, decision.member_id, today),
      photo_id: decision.subject === "photo" ? decision.subject_id : null,
    });
  }
  return { reports: cases, appeals };
}

/** Tells everyone who filed a report whether it was acted on (the DSA asks that reporters hear the outcome). */
async function tellReporters(deps: NoticeDeps, site: SiteRow, reportId: number, acted: boolean) {
  for (const filer of await repo.listFilers(deps.db, reportId)) {
    const to = filer.member_email ?? filer.reporter_email;
    if (!to) continue;
    const mail = renderMail("reportOutcome", {
      to,
      language: filer.language,
      // A complaint's name is what a visitor typed: the mail greets them without it.
      name: filer.member_name ?? null,
      site: site.name,
      supportEmail: site.support_email,
      link: siteOrigin(site),
      values: {
        reference: reportReference(reportId),
        outcome: mailText(filer.language, acted ? "reportOutcome.acted" : "reportOutcome.dismissed"),
      },
    });
    await sendLogged(deps, site, mail, { reportId, to: "reporter" });
  }
}

const nothingToDecide = () =>
  new ApiError(400, "validation_failed", "This report is not about a member", {
    fields: { decision: "moderation.onlyDismiss" },
  });

/**
 * POST moderation-report.php: dismiss a report, or hide the reported thing, suspend or ban its member. Everything
 * the decision changes, the closing of the report and the log entry commit together; of two moderators deciding at
 * once, the second is told so. Then the member is told, with the appeal link, and so is every reporter.
 */
export async function decideReport(
  deps: DecisionDeps,
  site: SiteRow,
  moderator: UserRow,
  body: z.infer<typeof reportDecisionSchema>,
  address: string | null = null,
) {
  requireModerator(moderator);
  const { db } = deps;
  const report = await repo.findOpenReport(db, site.id, body.id);
  if (!report) throw new ApiError(409, "already_decided", "This report has been decided already");
  // A second moderator decides, as on an appeal: nobody dismisses a report about themselves.
  if (report.member_id === moderator.id)
    throw new ApiError(403, "own_report", "Another moderator decides on a report about you");
  if (body.decision !== "dismiss" && report.member_id === null) throw nothingToDecide();
  const now = new Date();
  const photo =
    report.subject === "photo" && body.decision === "hide"
      ? await db.selectFrom("photos").selectAll().where("id", "=", report.subject_id!).executeTakeFirst()
      : undefined;
  const decided = await db.transaction().execute(async (trx) => {
    if (!(await repo.closeReport(trx, report.id, now.toISOString()))) return null;
    const memberId = report.member_id ?? 0;
    const until = body.decision === "suspend" ? new Date(now.getTime() + body.days! * DAY).toISOString() : null;
    if (body.decision === "hide") {
      if (report.subject === "profile")
        await trx
          .updateTable("profiles")
          .set({ hidden_at: now.toISOString() })
          .where("user_id", "=", memberId)
          .execute();
      if (report.subject === "message")
        await trx
          .updateTable("messages")
          .set({ hidden_at: now.toISOString() })
          .where("id", "=", report.subject_id!)
          .execute();
      if (photo) await withdrawPhoto(trx, photo);
    }
    if (body.decision === "suspend" || body.decision === "ban") {
      await trx
        .updateTable("users")
        .set(body.decision === "ban" ? { banned_at: now.toISOString() } : { suspended_until: until })
        .where("id", "=", memberId)
        .execute();
      // Out at once: their sessions end, and the login refuses them (api/accounts/accounts.service.ts).
      await trx.deleteFrom("sessions").where("user_id", "=", memberId).execute();
    }
    return recordDecision(
      trx,
      {
        moderator_id: moderator.id,
        subject: report.subject,
        subject_id: report.subject_id ?? 0,
        member_id: memberId,
        decision: body.decision,
        reason: body.reason ?? null,
        explanation: body.explanation || null,
        until,
        report_id: report.id,
      },
      body.decision !== "dismiss",
      { siteId: site.id, address },
    );
  });
  if (!decided) throw new ApiError(409, "already_decided", "Another moderator decided on this report");
  deps.log.info(
    { moderatorId: moderator.id, reportId: report.id, decision: body.decision, reason: body.reason },
    "report decided",
  );
  if (photo) await unpublishPhoto(deps.publicPhotos, photo);
  if (decided.appealToken) await tellMemberOfDecision(deps, site, decided.row, decided.appealToken);
  await tellReporters(deps, site, report.id, body.decision !== "dismiss");
  return { ok: true as const };
}

const linkInvalid = () => new ApiError(404, "link_invalid", "This appeal link is not valid");

async function decisionOfLink(db: Db, token: string) {
  const decision = await repo.findDecisionByAppealHash(db, hashSessionToken(token));
  if (!decision) throw linkInvalid();
  return decision;
}

/** An appeal can be made within six months of the decision (DSA Art. 20). */
const appealWindowMs = 182 * DAY;

/** GET appeal.php: the decision its link is about, as the member sees it. No login: a banned member has none. */
export async function appealView(db: Db, token: string) {
  const decision = await decisionOfLink(db, token);
  return {
    subject: decision.subject,
    decision: decision.decision,
    reason: decision.reason,
    explanation: decision.explanation,
    decided_at: decision.created_at,
    until: decision.until,
    appealed: decision.appealed_at !== null,
  };
}

/** POST appeal.php: the one appeal of a decision; it goes to the queue for another moderator. */
export async function fileAppeal(db: Db, request: z.infer<typeof appealRequestSchema>) {
  const decision = await decisionOfLink(db, request.token);
  if (Date.now() - Date.parse(decision.created_at) > appealWindowMs) throw linkInvalid();
  const filed = await db
    .updateTable("moderation_decisions")
    .set({ appealed_at: nowIso(), appeal_text: request.text })
    .where("id", "=", decision.id)
    .where("appealed_at", "is", null)
    .executeTakeFirst();
  if (Number(filed.numUpdatedRows) === 0)
    throw new ApiError(409, "already_appealed", "This decision has been appealed already");
  return { ok: true as const };
}

/** The photo a decision took down, if it was about one: what a reversal publishes again. */
async function photoTakenDown(db: Db, decision: DecisionRow) {
  if (decision.subject !== "photo" || (decision.decision !== "reject" && decision.decision !== "hide")) return;
  return db.selectFrom("photos").selectAll().where("id", "=", decision.subject_id).executeTakeFirst();
}

/** Undoes what a decision did, in the transaction that records the appeal's reversal. */
async function undo(trx: Tx, decision: DecisionRow, photo: Awaited<ReturnType<typeof photoTakenDown>>) {
  if (photo) await restorePhoto(trx, photo);
  if (decision.decision === "hide" && decision.subject === "profile")
    await trx.updateTable("profiles").set({ hidden_at: null }).where("user_id", "=", decision.member_id).execute();
  if (decision.decision === "hide" && decision.subject === "message")
    await trx.updateTable("messages").set({ hidden_at: null }).where("id", "=", decision.subject_id).execute();
  if (decision.decision === "suspend")
    await trx.updateTable("users").set({ suspended_until: null }).where("id", "=", decision.member_id).execute();
  if (decision.decision === "ban")
    await trx.updateTable("users").set({ banned_at: null }).where("id", "=", decision.member_id).execute();
  // An admin's deletion (issue 33), while the account is still pending deletion: it returns to what it was.
  if (decision.decision === "delete") {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", decision.member_id).executeTakeFirst();
    if (user?.status === "pending_deletion") await reactivate(trx, user);
  }
}

/**
 * POST moderation-appeal.php: another moderator than the one who decided upholds the decision or reverses it (and
 * undoes what it did); logged, and the member is told. This is final: no second appeal.
 */
export async function decideAppeal(
  deps: DecisionDeps,
  site: SiteRow,
  moderator: UserRow,
  body: z.infer<typeof appealDecisionSchema>,
  address: string | null = null,
) {
  requireModerator(moderator);
  const { db } = deps;
  const decision = await repo.findSiteDecision(db, site.id, body.id);
  if (!decision?.appealed_at) throw new ApiError(404, "not_found", "No such appeal");
  if (decision.moderator_id === moderator.id)
    throw new ApiError(403, "own_decision", "Another moderator decides on an appeal of your decision");
  // A photo's public files are written before the reversal commits, and taken down again if it does not.
  const photo = body.decision === "reverse" ? await photoTakenDown(db, decision) : undefined;
  if (photo) await republishPhoto(deps, photo);
  const decided = await db
    .transaction()
    .execute(async (trx) => {
      const { row } = await recordDecision(
        trx,
        {
          moderator_id: moderator.id,
          subject: "appeal",
          subject_id: decision.id,
          member_id: decision.member_id,
          decision: body.decision,
          reason: decision.reason,
          explanation: body.explanation || null,
        },
        false,
        { siteId: site.id, address },
      );
      const claimed = await trx
        .updateTable("moderation_decisions")
        .set({ appeal_decision_id: row.id })
        .where("id", "=", decision.id)
        .where("appeal_decision_id", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0)
        throw new ApiError(409, "already_decided", "This appeal has been decided");
      if (body.decision === "reverse") await undo(trx, decision, photo);
      return row;
    })
    .catch(async (error) => {
      // Unless a twin reversal made it active meanwhile: then its files are its own.
      const now =
        photo && (await db.selectFrom("photos").select("status").where("id", "=", photo.id).executeTakeFirst());
      if (photo && now?.status !== "active") await unpublishPhoto(deps.publicPhotos, photo);
      throw error;
    });
  deps.log.info({ moderatorId: moderator.id, decisionId: decision.id, appeal: body.decision }, "appeal decided");
  const member = await repo.findMemberSummary(db, site.id, decision.member_id);
  if (member) {
    const language = member.language;
    const mail = renderMail("appealOutcome", {
      to: member.email,
      language,
      name: member.name,
      site: site.name,
      supportEmail: site.support_email,
      link: siteOrigin(site),
      values: {
        outcome: mailText(language, body.decision === "reverse" ? "appealOutcome.reversed" : "appealOutcome.upheld"),
        explanation: decided.explanation
          ? mailText(language, "decision.explanationLine", { text: decided.explanation })
          : "",
      },
    });
    await sendLogged(deps, site, mail, { decisionId: decided.id, to: "member" });
  }
  return { ok: true as const };
}
