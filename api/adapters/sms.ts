import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export interface SmsMessage {
  /** E.164: +31612345678. */
  to: string;
  text: string;
}

export interface SmsOutboxEntry extends SmsMessage {
  id: string;
  date: string;
}

/**
 * Sends text messages (docs/architecture.md "Direct debit"). The one implementation so far is the outbox: each
 * message a JSON file in DATA_DIR/outbox/sms, listed by the development outbox page, as mail is without SMTP. A
 * gateway for real phones is another implementation of this interface; until one is configured, direct debit is
 * offered only with the sandbox payment provider.
 */
export interface SmsSender {
  readonly delivers: boolean;
  send(message: SmsMessage): Promise<void>;
  /** Newest first. */
  outbox(): Promise<SmsOutboxEntry[]>;
}

export function smsOutbox(dir: string): SmsSender {
  return {
    delivers: false,
    async send(message) {
      const entry: SmsOutboxEntry = {
        ...message,
        id: `${Date.now()}-${crypto.randomBytes(4).toString("hex")}`,
        date: new Date().toISOString(),
      };
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${entry.id}.json`), JSON.stringify(entry));
    },
    async outbox() {
      const files = await fs.readdir(dir).catch(() => [] as string[]);
      const entries = await Promise.all(
        files
          .filter((f) => f.endsWith(".json"))
          .map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), "utf8")) as SmsOutboxEntry),
      );
      return entries.sort((a, b) => b.id.localeCompare(a.id));
    },
  };
}
