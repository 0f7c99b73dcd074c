import type { z } from "zod";
import { DAY, HOUR } from "../../contract/durations";
import { reportReference } from "../../contract/report-values";
import type { complaintRequestSchema, reportRequestSchema } from "../../contract/reports";
import type { Mailer } from "../adapters/mail";
import { type Db, nowIso } from "../db/database";
import type { ReportSubject, SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { siteOrigin } from "../http/site-origin";
import { addressKey, emailKey, giveBackHit, type SharedLimit, takeHit } from "../limits/shared-limits";
import { renderMail } from "../mail/templates";
import { isVisibleMember } from "../members/members.repository";
import { findSiteByDomain } from "../settings/settings.repository";
import { normaliseDomain } from "../settings/settings.service";
import * as repo from "./reports.repository";

const notFound = () => new ApiError(404, "not_found", "There is nothing to report here");

/** What a report is about and whose it is, checked against what the reporter can see. */
async function reportedThing(
  db: Db,
  site: SiteRow,
  reporter: UserRow,
  request: { subject: "profile" | "photo" | "message"; id: number },
): Promise<{ subject: ReportSubject; subject_id: number; member_id: number }> {
  // A member may report someone they blocked, but not themselves, nor anyone they cannot see.
  const canSee = (memberId: number) =>
    isVisibleMember(db, site.id, reporter.id, memberId, { showBlockedByViewer: true });
  if (request.subject === "profile") {
    if (!(await canSee(request.id))) throw notFound();
    return { subject: "profile", subject_id: request.id, member_id: request.id };
  }
  if (request.subject === "photo") {
    const photo = await db
      .selectFrom("photos")
      .select(["id", "user_id"])
      .where("id", "=", request.id)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (!photo || !(await canSee(photo.user_id))) throw notFound();
    return { subject: "photo", subject_id: photo.id, member_id: photo.user_id };
  }
  // A message: one the reporter received, in a conversation of theirs.
  const message = await repo.findSiteMessage(db, site.id, request.id);
  const inTheirs = message && [message.member_low, message.member_high].includes(reporter.id);
  if (!message || !inTheirs || message.sender_id === reporter.id) throw notFound();
  return { subject: "message", subject_id: message.id, member_id: message.sender_id };
}

/**
 * POST report.php (docs/product.md §6.8): the reported thing's open report gets this member's filing. Reporting it
 * again, or two reports at once, give the same reference: the queue shows one case with every reporter's reason.
 */
export async function fileReport(
  db: Db,
  site: SiteRow,
  reporter: UserRow,
  request: z.infer<typeof reportRequestSchema>,
) {
  const thing = await reportedThing(db, site, reporter, request);
  const now = nowIso();
  const { id, added } = await db.transaction().execute(async (trx) => {
    const report = await repo.openReportFor(trx, { site_id: site.id, ...thing }, now);
    const added = await repo.addFiling(trx, {
      report_id: report.id,
      reporter_id: reporter.id,
      language: reporter.language,
      reason: request.reason,
      details: request.details ?? "",
      created_at: now,
    });
    return { id: report.id, added };
  });
  return { reference: reportReference(id), already_reported: !added };
}

/**
 * A link to a member's profile on this site (`/members/{id}` and the pages under it, `/likes/m/{id}`): the member's
 * id. Any of the site's domains counts, with `www.`, the port, the scheme and letter case ignored (docs/product.md
 * §3.1), as the site itself answers them.
 */
async function memberOfLink(db: Db, site: SiteRow, url: string | undefined): Promise<number | null> {
  if (!url) return null;
  let link: URL;
  try {
    link = new URL(url, siteOrigin(site));
  } catch {
    return null;
  }
  if (link.protocol !== "https:" && link.protocol !== "http:") return null;
  const id = /^\/(?:members|likes\/m)\/(\d+)(?:\/|$)/.exec(link.pathname)?.[1];
  if (!id) return null;
  const domain = normaliseDomain(link.hostname);
  const ofThisSite = domain === site.domain || (await findSiteByDomain(db, domain))?.id === site.id;
  return ofThisSite ? Number(id) : null;
}

/** A receipt goes to an address a visitor typed: at most one a day to each address, whoever asks (issue 32). */
export const complaintReceiptLimit: SharedLimit = { scope: "complaint_receipt", limit: 1, windowMs: DAY };

/**
 * POST complaint.php: the public complaints form (docs/product.md §2.21), for anyone. A complaint naming a profile of
 * this site joins that profile's report; any other is a case of its own. The receipt is mailed to the address
 * given; when it cannot be sent, the complaint is not kept either, and the form says so.
 */
export async function fileComplaint(
  deps: { db: Db; mailer: Mailer },
  site: SiteRow,
  complaint: z.infer<typeof complaintRequestSchema>,
  sender: { address: string; perHour: number },
) {
  const { db, mailer } = deps;
  // Per sender (MAILS_PER_HOUR, like every mail) and per recipient, in the database so that every process counts.
  const perSender: SharedLimit = { scope: "complaint_sender", limit: sender.perHour, windowMs: HOUR };
  if (!(await takeHit(db, perSender, addressKey(sender.address))))
    throw new ApiError(429, "rate_limited", "Too many complaints, please try again later");
  const recipient = emailKey(complaint.email);
  if (!(await takeHit(db, complaintReceiptLimit, recipient)))
    throw new ApiError(429, "rate_limited", "A receipt was sent to this address today already", {
      fields: { email: "complaints.receiptSentToday" },
    });
  const memberId = await memberOfLink(db, site, complaint.url);
  const member =
    memberId === null
      ? null
      : await db
          .selectFrom("users")
          .select("id")
          .where("id", "=", memberId)
          .where("site_id", "=", site.id)
          .executeTakeFirst();
  const now = nowIso();
  const filed = await db.transaction().execute(async (trx) => {
    const report = await repo.openReportFor(
      trx,
      member
        ? { site_id: site.id, subject: "profile", subject_id: member.id, member_id: member.id }
        : { site_id: site.id, subject: "complaint", subject_id: null, member_id: null },
      now,
    );
    const filing = await trx
      .insertInto("report_filings")
      .values({
        report_id: report.id,
        reporter_id: null,
        reporter_email: complaint.email,
        reporter_name: complaint.name || null,
        language: complaint.language,
        reason: complaint.reason,
        details: complaint.details,
        url: complaint.url || null,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { reportId: report.id, filingId: filing.id };
  });
  const reference = reportReference(filed.reportId);
  const mail = renderMail("complaintReceipt", {
    to: complaint.email,
    language: complaint.language,
    // What a visitor typed never opens a mail the site signs: the receipt greets without a name.
    name: null,
    site: site.name,
    supportEmail: site.support_email,
    link: `${siteOrigin(site)}/complaints`,
    values: { reference },
  });
  try {
    await mailer.send({ ...mail, from: `"${site.name}" <${site.support_email}>` });
  } catch (error) {
    // No receipt, no complaint: the form says so and keeps what was typed, so sending again is one click.
    await repo.withdrawFiling(db, filed.reportId, filed.filingId);
    await giveBackHit(db, complaintReceiptLimit, recipient);
    throw new ApiError(503, "mail_failed", "We could not send the receipt; please try again later.", {
      cause: String(error),
    });
  }
  return { reference };
}
