import type { Logger } from "pino";
import { hashSessionToken, newSessionToken } from "../accounts/session-token";
import type { Mailer } from "../adapters/mail";
import { recordStaffAction } from "../audit/staff-actions";
import { type Db, nowIso, type Tx } from "../db/database";
import type { DecisionRow, ModerationDecision, ModerationSubject, SiteRow } from "../db/schema";
import { siteOrigin } from "../http/site-origin";
import { mailText, renderMail } from "../mail/templates";
import * as repo from "./reports.repository";

export interface NoticeDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
}

/**
 * Logs a decision (who, when, why). One against a member gets the hash of its one appeal link; the link itself
 * goes only into the mail that tells the member (docs/product.md §6.8).
 */
export async function recordDecision(
  trx: Tx,
  decision: {
    moderator_id: number;
    subject: ModerationSubject;
    subject_id: number;
    member_id: number;
    decision: ModerationDecision;
    reason: string | null;
    explanation?: string | null;
    until?: string | null;
    report_id?: number | null;
  },
  appealable: boolean,
  /** `audited`: the caller records its own staff action for this decision (the admin area's member actions). */
  where: { siteId: number; address: string | null; audited?: boolean },
) {
  const appealToken = appealable ? newSessionToken() : null;
  const row = await trx
    .insertInto("moderation_decisions")
    .values({
      explanation: null,
      until: null,
      report_id: null,
      ...decision,
      appeal_token_hash: appealToken ? hashSessionToken(appealToken) : null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Every moderator's decision is a staff action too (docs/product.md §6.9), logged in the same transaction.
  if (!where.audited)
    await recordStaffAction(trx, {
      siteId: where.siteId,
      staffId: decision.moderator_id,
      action: `${decision.subject}.${decision.decision}`,
      targetUserId: decision.member_id || null,
      targetRef: decision.report_id ? `report:${decision.report_id}` : `${decision.subject}:${decision.subject_id}`,
      reason: [decision.reason, decision.explanation].filter(Boolean).join(": ") || null,
      after: { decision: decision.decision, ...(decision.until && { until: decision.until }), decision_id: row.id },
      address: where.address,
    });
  return { row, appealToken };
}

const outcomeKey = (decision: Pick<DecisionRow, "decision" | "subject">) => {
  if (decision.decision !== "hide") return `decision.outcomes.${decision.decision}`;
  const thing = { photo: "Photo", profile: "Profile", message: "Message" }[decision.subject as string] ?? "Profile";
  return `decision.outcomes.hide${thing}`;
};

/**
 * Tells the member a decision against them, with its reason and the appeal link, in their language (a statement
 * of reasons, as the EU Digital Services Act asks). After the decision committed: a failed mail is logged, and the
 * decision stands.
 */
export async function tellMemberOfDecision(
  deps: NoticeDeps,
  site: SiteRow,
  decision: DecisionRow,
  appealToken: string,
) {
  const member = await repo.findMemberSummary(deps.db, site.id, decision.member_id);
  if (!member) return;
  const language = member.language;
  const until = decision.until
    ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(new Date(decision.until))
    : "";
  const mail = renderMail("decision", {
    to: member.email,
    language,
    name: member.name,
    site: site.name,
    supportEmail: site.support_email,
    link: `${siteOrigin(site)}/appeal?token=${appealToken}`,
    values: {
      outcome: mailText(language, outcomeKey(decision), { until }),
      reason: mailText(language, `decision.reasons.${decision.reason ?? "other"}`),
      explanation: decision.explanation
        ? mailText(language, "decision.explanationLine", { text: decision.explanation })
        : "",
    },
  });
  await sendLogged(deps, site, mail, { decisionId: decision.id, to: "member" });
}

export async function sendLogged(
  { mailer, log }: Omit<NoticeDeps, "db">,
  site: SiteRow,
  mail: ReturnType<typeof renderMail>,
  context: Record<string, unknown>,
) {
  try {
    await mailer.send({ ...mail, from: `"${site.name}" <${site.support_email}>` });
  } catch (error) {
    log.error({ err: error, ...context }, "moderation mail failed");
  }
}
