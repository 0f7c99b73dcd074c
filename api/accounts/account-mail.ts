import type { Mailer } from "../adapters/mail";
import type { Db } from "../db/database";
import type { SiteRow, TokenPurpose } from "../db/schema";
import { renderMail } from "../mail/templates";
import { deleteToken, issueToken } from "./account-tokens";

type AccountMailKind = "activation" | "passwordReset" | "mailChange" | "deletion";

const mails: Record<AccountMailKind, { purpose: TokenPurpose; path: string }> = {
  activation: { purpose: "activation", path: "/activate/done?token=" },
  passwordReset: { purpose: "password_reset", path: "/reset-password/do?token=" },
  mailChange: { purpose: "mail_change", path: "/mail-change/do?token=" },
  deletion: { purpose: "reactivation", path: "/login?reactivate=" },
};

export interface AccountMail {
  kind: AccountMailKind;
  userId: number;
  to: string;
  name: string;
  language: string;
  newEmail?: string;
  values?: Record<string, string | number>;
}

/**
 * Issues the mail's single-use link and sends it. When sending fails for good the link is withdrawn again,
 * so nothing half-done stays, and the error goes to the caller.
 */
export async function sendAccountMail(db: Db, mailer: Mailer, site: SiteRow, origin: string, mail: AccountMail) {
  const { purpose, path } = mails[mail.kind];
  const token = await issueToken(db, mail.userId, purpose, mail.newEmail ?? null);
  const message = renderMail(mail.kind, {
    to: mail.to,
    language: mail.language,
    name: mail.name,
    site: site.name,
    supportEmail: site.support_email,
    link: origin + path + token,
    values: { newEmail: mail.newEmail ?? "", ...mail.values },
  });
  try {
    await mailer.send({ ...message, from: `"${site.name}" <${site.support_email}>` });
  } catch (error) {
    await deleteToken(db, token);
    throw error;
  }
}
