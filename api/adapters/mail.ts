import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import { mailsSent } from "../metrics/metrics";

export interface MailMessage {
  from?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post on notification mails (RFC 8058). */
  headers?: Record<string, string>;
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  links: string[];
}

/** Sends mail: over SMTP when SMTP_URL is set, else as .eml files in the outbox folder (docs/architecture.md). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The outbox, newest first; empty when mail goes out over SMTP. */
  outbox(): Promise<OutboxEntry[]>;
}

const attempts = 3;

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  // nodemailer is loaded with the first mail, not at start: 3 MB of heap that a process which sends none (one of
  // several, where another runs the mail jobs) never needs.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    ));

  async function deliver(message: MailMessage) {
    const info = await (await transportOf()).sendMail({ from: options.from, ...message });
    if (options.smtpUrl) return;
    // The outbox: the raw message, and beside it what the dev page lists (recipient, subject, links).
    const id = `${Date.now()}-${crypto.randomBytes(4).toString("hex")}`;
    await fs.mkdir(options.outboxDir, { recursive: true });
    await fs.writeFile(path.join(options.outboxDir, `${id}.eml`), info.message as Buffer);
    const entry: OutboxEntry = {
      id,
      to: message.to,
      subject: message.subject,
      date: new Date().toISOString(),
      links: [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
    };
    await fs.writeFile(path.join(options.outboxDir, `${id}.json`), JSON.stringify(entry));
  }

  return {
    async send(message) {
      // Sending is retried (a mail server may be briefly away); the caller decides what a final failure undoes.
      for (let attempt = 1; ; attempt++) {
        try {
          await deliver(message);
          mailsSent.inc({ outcome: "sent" });
          return;
        } catch (error) {
          options.logger.warn({ err: error, attempt, subject: message.subject }, "mail not sent");
          if (attempt >= attempts) {
            mailsSent.inc({ outcome: "failed" });
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
        }
      }
    },
    async outbox() {
      const files = await fs.readdir(options.outboxDir).catch(() => [] as string[]);
      const entries = await Promise.all(
        files
          .filter((f) => f.endsWith(".json"))
          .map(async (f) => JSON.parse(await fs.readFile(path.join(options.outboxDir, f), "utf8")) as OutboxEntry),
      );
      return entries.sort((a, b) => b.id.localeCompare(a.id));
    },
  };
}
