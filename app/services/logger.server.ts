import pino from "pino";
import { webEnv } from "./env.server";

const redact = ["password", "*.password", "token", "*.token", "headers.cookie", "*.headers.cookie"];

/** The web tier's structured log; never a password, token or card number. */
export const logger = pino({ name: "web", level: webEnv().LOG_LEVEL, redact: { paths: redact, censor: "[redacted]" } });
