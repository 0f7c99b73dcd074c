import type { Logger } from "pino";
import type { Db } from "../../db/database";
import type { ApiEnv } from "../../env.server";
import { mollieProvider } from "./mollie";
import type { PaymentProvider } from "./provider";
import { type SandboxProvider, sandboxProvider } from "./sandbox";

/** The provider the environment names (api/env.server.ts), or null when payments are off. */
export function paymentProviderFor(env: ApiEnv, db: Db, logger: Logger): PaymentProvider | SandboxProvider | null {
  switch (env.paymentProvider) {
    case "mollie":
      if (!env.MOLLIE_API_KEY) throw new Error("PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY");
      return mollieProvider({ apiKey: env.MOLLIE_API_KEY, apiEndpoint: env.MOLLIE_API_ENDPOINT, logger });
    case "sandbox":
      return sandboxProvider(db, { settleSeconds: env.SANDBOX_SETTLE_SECONDS });
    case "none":
      return null;
  }
}

export const isSandbox = (provider: PaymentProvider | null): provider is SandboxProvider =>
  provider?.name === "sandbox";
