import { DAY } from "../../contract/durations";
import type { Mailer } from "../adapters/mail";
import { type DbOrTx, nowIso } from "../db/database";

/**
 * What the admin's member page shows of a member's logins and mails (issue 33), kept this long: enough to answer a
 * complaint about a login or a missing mail, not a lasting record of where someone was.
 */
export const HISTORY_DAYS = 90;

/** Notes a login: when, from which address, and the browser's own description of itself (cut to 300 characters). */
export async function recordLogin(db: DbOrTx, userId: number, address: string, userAgent: string | undefined) {
  await db
    .insertInto("member_logins")
    .values({ user_id: userId, address, user_agent: userAgent?.slice(0, 300) || null, created_at: nowIso() })
    .execute();
}

/**
 * The mailer, noting each mail it sent (recipient, sender, subject, time; never the body). A mail that failed is not
 * noted, and a note that fails does not fail the mail.
 */
export function withMailLog(mailer: Mailer, db: DbOrTx): Mailer {
  return {
    outbox: () => mailer.outbox(),
    async send(message) {
      await mailer.send(message);
      await db
        .insertInto("sent_mails")
        .values({
          to_address: message.to.trim().toLowerCase(),
          from_address: message.from ?? null,
          subject: message.subject.slice(0, 300),
          created_at: nowIso(),
        })
        .execute()
        .catch(() => undefined);
    },
  };
}

/** Forgets logins and mails older than HISTORY_DAYS (the hourly clean-up). */
export async function deleteOldMemberHistory(db: DbOrTx, now = Date.now()) {
  const before = new Date(now - HISTORY_DAYS * DAY).toISOString();
  await db.deleteFrom("member_logins").where("created_at", "<", before).execute();
  await db.deleteFrom("sent_mails").where("created_at", "<", before).execute();
}
