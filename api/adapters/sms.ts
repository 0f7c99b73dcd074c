import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export interface SmsMessage {
  /** E.164: +31612345678. */
  to: string;
  /** The sender phones show: the site's name, at most 11 characters (what networks take as an alphanumeric sender). */
  from: string;
  text: string;
}

export interface SmsOutboxEntry extends SmsMessage {
  id: string;
  date: string;
}

/**
 * Sends text messages (docs/architecture.md "Direct debit"). Two implementations: the gateway at SMS_GATEWAY_URL
 * (smsGateway, below), which reaches real phones, and, while none is configured, the outbox: each message a JSON file
 * in DATA_DIR/outbox/sms, listed by the development outbox page, as mail is without SMTP. Without a gateway, direct
 * debit is offered only with the sandbox payment provider.
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

const attempts = 3;

/**
 * An SMS gateway over HTTP: `POST {to, from, text}` as JSON with a bearer token, the shape most gateways take or a
 * small relay in front of one gives. Network errors and 5xx are retried with a growing delay; a 4xx is final.
 */
export function smsGateway(options: {
  url: string;
  token?: string;
  retryBaseMs?: number;
  fetch?: typeof fetch;
}): SmsSender {
  const send = options.fetch ?? fetch;
  const retryBaseMs = options.retryBaseMs ?? 300;
  return {
    delivers: true,
    async send(message) {
      for (let attempt = 1; ; attempt++) {
        let response: Response | null = null;
        let failure: unknown = null;
        try {
          response = await send(options.url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            },
            body: JSON.stringify({ to: message.to, from: message.from, text: message.text }),
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          failure = error;
        }
        if (response?.ok) return;
        if (response && response.status < 500) throw new Error(`The SMS gateway refused the text: ${response.status}`);
        if (attempt >= attempts) throw failure ?? new Error(`The SMS gateway answered ${response?.status}`);
        await new Promise((resolve) => setTimeout(resolve, retryBaseMs * 2 ** (attempt - 1)));
      }
    },
    async outbox() {
      return [];
    },
  };
}
