import pino, { type Logger } from "pino";

/** Paths that must never reach a log line: passwords, tokens, cookies, card data. */
export const redactPaths = [
  "password",
  "*.password",
  "*.new_password",
  "*.old_password",
  "token",
  "*.token",
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers['set-cookie']",
  "*.card",
  "*.iban",
];

export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, redact: { paths: redactPaths, censor: "[redacted]" } });
}
