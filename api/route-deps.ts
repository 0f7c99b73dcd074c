import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Mailer } from "./adapters/mail";
import type { PartnerFeed } from "./adapters/offers/partner-feed";
import type { PaymentProvider } from "./adapters/payments/provider";
import type { SmsSender } from "./adapters/sms";
import type { FileStorage } from "./adapters/storage";
import type { Db } from "./db/database";
import type { ApiEnv } from "./env.server";
import type { EventBus } from "./events/event-bus";
import type { RateLimitStoreFor } from "./limits/rate-limit-stores";

// A module of its own, so that the route modules need not import api/app.ts, which imports them.

export interface ApiDeps {
  db: Db;
  env: ApiEnv;
  logger: Logger;
  mailer: Mailer;
  /** Null when payments are off; by default the one the environment names. */
  payments?: PaymentProvider | null;
  /** By default the gateway at SMS_GATEWAY_URL, else the outbox in DATA_DIR/outbox/sms. */
  sms?: SmsSender;
  /** Live chat events (messages, read marks, typing); by default this process's own bus. */
  events?: EventBus;
  /** Where members' private files (chat photos) are kept; by default fileStoragesFor(env): never served as is. */
  storage?: FileStorage;
  /** Where published profile photos go (served under the site's cdn_prefix); by default fileStoragesFor(env). */
  publicPhotos?: FileStorage;
  /** The side offer's partner feed; by default the one at OFFERS_FEED_URL, else the embedded demo feed. */
  offersFeed?: PartnerFeed;
  /** Where rate limits count; by default rateLimitStores(db, env): Redis, PostgreSQL or memory. */
  rateLimitStore?: RateLimitStoreFor;
}

/** What every route module is given: the API's dependencies and the limits its routes share. */
export interface RouteDeps extends ApiDeps {
  payments: PaymentProvider | null;
  sms: SmsSender;
  events: EventBus;
  storage: FileStorage;
  publicPhotos: FileStorage;
  limits: {
    /** One per-address limit for every password check: login, and the old password of a change or deletion. */
    password: RequestHandler;
    /** The store of a named per-address limit, shared by every process (api/limits/rate-limit-stores.ts). */
    storeFor: RateLimitStoreFor;
  };
}
