import path from "node:path";
import { z } from "zod";
import { wantsDemo } from "./db/seed/demo-wanted";
import { defaultPushServiceHosts } from "./notifications/push-endpoint";

/** The member API's configuration: every variable with a working default (docs/architecture.md "Conventions"). */
const apiEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:)/, "must start with postgres://, postgresql:// or file:")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().default("loopback"),
  /** The key of the staff's TOTP secrets at rest (AES-256-GCM): 32 bytes, base64 (`openssl rand -base64 32`). */
  STAFF_SECRET_KEY: z
    .string()
    .refine((value) => Buffer.from(value, "base64").length === 32, "must be 32 bytes, base64 (openssl rand -base64 32)")
    .optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_BLOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  MAILS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Mail goes out over SMTP when set (smtp://user:pass@host:587); else it lands in DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Heartline <noreply@localhost>"),
  /** The page listing the outbox, reset links included: off unless "true", and then only for loopback addresses. */
  OUTBOX_PAGE: z.enum(["true", "false"]).default("false"),
  /** The API's reference page at /api/docs (Redoc, from /api/openapi.json); unset: on in development only. */
  API_DOCS: z.enum(["true", "false"]).optional(),
  /** The domain the web tier serves; the demo site is seeded only while it is localhost (or SEED_DEMO=true). */
  SITE_DOMAIN: z.string().default("localhost"),
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** Believe Cloudflare's CF-IPCountry header: only when the site is behind Cloudflare, which sets it. */
  TRUST_CF_HEADERS: z.enum(["true", "false"]).default("false"),
  /**
   * Who takes payments: mollie (needs MOLLIE_API_KEY), sandbox (a test checkout that moves no money), or none.
   * Unset: mollie with a key, else the sandbox where the demo site is wanted, else none (docs/operations.md).
   */
  PAYMENT_PROVIDER: z.enum(["mollie", "sandbox", "none"]).optional(),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w+$/, "must start with live_ or test_")
    .optional(),
  /** Mollie's API base, for a local fake in tests. */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  /** How long the sandbox's "pending" payments take to clear. */
  SANDBOX_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** How often open payments are asked about again, in seconds (a webhook may be lost). */
  PAYMENT_CHECK_SECONDS: z.coerce.number().int().min(10).default(300),
  /** An SMS gateway that takes `POST {to, from, text}` as JSON; unset, texts land in DATA_DIR/outbox/sms. */
  SMS_GATEWAY_URL: z.url().optional(),
  /** Sent to the gateway as `Authorization: Bearer <token>`. */
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** First visits to landers counted per visitor address per hour (docs/product.md §3.11); more are not counted. */
  LANDER_VISITS_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /**
   * The partner feed of the side offer (docs/product.md §1.3): an https URL answering JSON, read by the server with
   * a timeout; unset, the embedded demo feed (api/adapters/offers/demo-feed.json).
   */
  OFFERS_FEED_URL: z.url().optional(),
  /** How long the partner feed is kept before it is read again, in seconds. */
  OFFERS_CACHE_SECONDS: z.coerce.number().int().min(0).max(86400).default(300),
  /** How often due notification mails are looked for, in seconds. */
  NOTIFY_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The bearer token a mail provider's bounce and complaint webhook sends to /api/mail-events.php; unset: no webhook. */
  MAIL_EVENTS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  /**
   * The VAPID key pair that signs web pushes (`npx web-push generate-vapid-keys`), for every site. Unset: each site
   * gets its own pair at its first start, kept in the database (docs/operations.md "Push").
   */
  VAPID_PUBLIC_KEY: z.base64url().optional(),
  VAPID_PRIVATE_KEY: z.base64url().optional(),
  /** Accept push subscriptions at http:// or private addresses: only for tests with a fake push service. */
  PUSH_ALLOW_HTTP_ENDPOINTS: z.enum(["true", "false"]).default("false"),
  /**
   * The push services' hosts a subscription may name, comma-separated; `*.example.com` allows every name under it.
   * Unset: the browsers' own (api/notifications/push-endpoint.ts). Only https on port 443, to public addresses.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/,
              "must be host names, comma-separated, e.g. *.push.example.com",
            ),
        )
        .min(1, "must name at least one host"),
    )
    .optional(),
  /** A reverse geocoder with Nominatim's interface; unset, the embedded gazetteer answers (api/geocode). */
  GEOCODER_URL: z.url().optional(),
  /**
   * Photos in an S3-compatible bucket instead of DATA_DIR: https://KEY:SECRET@host/bucket?region=... (see
   * api/adapters/s3-storage.ts); published photos under photos/, everything else under private/.
   */
  S3_URL: z
    .url()
    .regex(/^https?:\/\//, "must start with https:// or http://")
    .optional(),
  /** Rate-limit counts in Redis (redis:// or rediss://), shared by every process; unset, in the database on PostgreSQL. */
  REDIS_URL: z
    .url()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
});
/** Every variable the API reads: the README's configuration table names each (server/readme-configuration.test.ts). */
export const apiEnvVariables = Object.keys(apiEnvSchema.shape);

export type ApiEnv = z.infer<typeof apiEnvSchema> & {
  databaseUrl: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  allowHttpEndpoints: boolean;
  pushServiceHosts: readonly string[];
  outboxPage: boolean;
  apiDocs: boolean;
  trustCfHeaders: boolean;
  paymentProvider: "mollie" | "sandbox" | "none";
};

/** Parses an environment once; a bad value stops the start with a message naming the variable. */
export function parseApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = apiEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid API configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(env.DATA_DIR, "app.db")}`,
    outboxPage: env.OUTBOX_PAGE === "true",
    apiDocs: (env.API_DOCS ?? (env.NODE_ENV === "development" ? "true" : "false")) === "true",
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
    allowHttpEndpoints: env.PUSH_ALLOW_HTTP_ENDPOINTS === "true",
    pushServiceHosts: env.PUSH_SERVICE_HOSTS ?? defaultPushServiceHosts,
    trustCfHeaders: env.TRUST_CF_HEADERS === "true",
    paymentProvider: env.PAYMENT_PROVIDER ?? defaultPaymentProvider(env),
  };
}

/** Safe by default: a site that is not the demo never gives credits away through the sandbox unless told to. */
function defaultPaymentProvider(env: z.infer<typeof apiEnvSchema>): ApiEnv["paymentProvider"] {
  if (env.MOLLIE_API_KEY) return "mollie";
  return wantsDemo(env.SITE_DOMAIN, env.SEED_DEMO) || env.NODE_ENV !== "production" ? "sandbox" : "none";
}
