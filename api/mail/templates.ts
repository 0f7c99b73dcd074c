import i18next from "i18next";
import type { Locale } from "../../contract/locales";
import type { MailMessage } from "../adapters/mail";
import da from "./locales/da.json";
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fi from "./locales/fi.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import nl from "./locales/nl.json";
import no from "./locales/no.json";
import pl from "./locales/pl.json";
import sv from "./locales/sv.json";

const translations = { en, nl, de, it, fr, es, pl, da, fi, no, sv } satisfies Record<Locale, typeof en>;

const mailI18n = i18next.createInstance();
await mailI18n.init({
  resources: Object.fromEntries(Object.entries(translations).map(([lng, mail]) => [lng, { mail }])),
  ns: ["mail"],
  defaultNS: "mail",
  fallbackLng: "en",
  initAsync: false,
  interpolation: { escapeValue: false },
});

export type MailKind =
  | "activation"
  | "passwordReset"
  | "mailChange"
  | "deletion"
  | "complaintReceipt"
  | "reportOutcome"
  | "decision"
  | "appealOutcome"
  | "newMessage"
  | "newLike"
  | "newMatch";

export interface MailContext {
  to: string;
  language: string;
  /** Whom the greeting names; null greets without a name (what a visitor typed never opens a mail we sign). */
  name: string | null;
  site: string;
  supportEmail: string;
  link: string;
  values?: Record<string, string | number>;
}

/** A mail in the member's language, as plain text and simple HTML with one button. */
export function renderMail(kind: MailKind, context: MailContext): MailMessage {
  const t = mailI18n.getFixedT(context.language);
  const values = { name: context.name, site: context.site, email: context.supportEmail, ...context.values };
  const lines = {
    greeting: context.name === null ? t("greetingWithoutName", values) : t("greeting", values),
    body: t(`${kind}.body`, values),
    action: t(`${kind}.action`, values),
    note: t(`${kind}.note`, values),
    linkHint: t("linkHint"),
    signature: t("signature", values),
    // A mail to someone without an account (a complaint's address) says why they get it in its own words.
    footer: t(`${kind}.footer`, { ...values, defaultValue: t("footer", values) }),
  };
  const text = [
    lines.greeting,
    lines.body,
    `${lines.action}: ${context.link}`,
    lines.note,
    lines.signature,
    "--",
    lines.footer,
  ].join("\n\n");
  const html = `<!doctype html><html lang="${escapeHtml(context.language)}"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.body).replace(/\n/g, "<br>")}</p>
<p><a href="${escapeHtml(context.link)}" style="display:inline-block;background:#6f42c1;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(lines.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(lines.linkHint)}<br>${escapeHtml(context.link)}</p>
<p>${escapeHtml(lines.note)}</p>
<p>${escapeHtml(lines.signature).replace(/\n/g, "<br>")}</p>
<hr><p style="font-size:12px;color:#777">${escapeHtml(lines.footer)}</p>
</body></html>`;
  return { to: context.to, subject: t(`${kind}.subject`, values), text, html };
}

/** A word or sentence of the mail texts in a language, for the values of a mail (a decision's reason, say). */
export function mailText(language: string, key: string, values?: Record<string, string | number>): string {
  return mailI18n.getFixedT(language)(key, values ?? {});
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
