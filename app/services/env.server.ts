import { z } from "zod";

/** The web tier's configuration: every variable with a working default (docs/architecture.md "Conventions"). */
const webEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The member API; by default the one this process serves itself at /api. */
  API_URL: z.url().optional(),
  /** The domain whose settings are fetched when the server starts. */
  SITE_DOMAIN: z.string().default("localhost"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How often and how soon the API client retries a safe call (docs/product.md §7: 5 times, exponential). */
  API_RETRIES: z.coerce.number().int().min(0).max(10).default(5),
  API_RETRY_BASE_MS: z.coerce.number().int().min(1).default(100),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Believe Cloudflare's CF-IPCountry header: only when the site is behind Cloudflare, which sets it. */
  TRUST_CF_HEADERS: z.enum(["true", "false"]).default("false"),
  /** How long a visitor's page (no session) is kept in this process and a CDN may keep it; 0 turns both off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Turns on /metrics (docs/operations.md "Metrics"), answered only to `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  /** On SIGTERM or SIGINT, how long running requests may take to finish before the process exits (docs/operations.md). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
});
/** Every variable the web tier reads: the README's configuration table names each (server/readme-configuration.test.ts). */
export const webEnvVariables = Object.keys(webEnvSchema.shape);

export type WebEnv = z.infer<typeof webEnvSchema> & {
  apiUrl: string;
  apiIsExternal: boolean;
  production: boolean;
  trustCfHeaders: boolean;
};

export function parseWebEnv(source: NodeJS.ProcessEnv = process.env): WebEnv {
  const parsed = webEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid web configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const apiUrl = (env.API_URL ?? `http://127.0.0.1:${env.PORT}/api`).replace(/\/$/, "");
  return {
    ...env,
    apiUrl,
    apiIsExternal: Boolean(env.API_URL),
    production: env.NODE_ENV === "production",
    trustCfHeaders: env.TRUST_CF_HEADERS === "true",
  };
}

let current: WebEnv | undefined;
/** The parsed environment, read once. */
export function webEnv(): WebEnv {
  current ??= parseWebEnv();
  return current;
}
